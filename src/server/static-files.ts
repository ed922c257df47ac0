import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

export type StaticFile = {
  body: Buffer;
  gzip: Buffer | undefined;
  type: string;
  etag: string;
  immutable: boolean;
};

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const compressible = /^(text\/|application\/(json|manifest)|image\/svg)/;

const typeOf = (name: string) => types[extname(name).toLowerCase()] ?? 'application/octet-stream';

/** Whether a file of this name and size is worth sending gzipped. */
const worthCompressing = (name: string, bytes: number) =>
  compressible.test(typeOf(name)) && bytes > 512;

/** Every file under `dir`, with its path. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * At build time (front-bundle.ts): writes each client file's gzip form beside it (`.gz`), so a
 * starting process reads it instead of compressing every file again: a fifth of a serving
 * process's start-up CPU went to that (decision 0070).
 */
export function precompressStaticFiles(root: string): number {
  let written = 0;
  for (const path of filesUnder(root)) {
    if (path.endsWith('.gz')) continue;
    const body = readFileSync(path);
    if (!worthCompressing(path, body.byteLength)) continue;
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    written++;
  }
  return written;
}

/**
 * The built client files (Astro's `dist/client`), read into memory once with their gzip form
 * (written by the build, else made here): a few hundred kilobytes that are then served without
 * touching the disk. The `.gz` forms are not files of the site.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const paths = filesUnder(root);
  const present = new Set(paths);
  for (const path of paths) {
    if (path.endsWith('.gz') && present.has(path.slice(0, -3))) continue;
    const body = readFileSync(path);
    const type = typeOf(path);
    const urlPath = `/${relative(root, path).split(sep).join('/')}`;
    const gzipPath = `${path}.gz`;
    files.set(urlPath, {
      body,
      type,
      gzip: !worthCompressing(path, body.byteLength)
        ? undefined
        : existsSync(gzipPath)
          ? readFileSync(gzipPath)
          : gzipSync(body, { level: 9 }),
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      immutable: urlPath.startsWith('/_astro/'),
    });
  }
  return files;
}
