import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
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

/**
 * The built client files (Astro's `dist/client`), read into memory once with their gzip form:
 * a few hundred kilobytes that are then served without touching the disk.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      const body = readFileSync(path);
      const type = types[extname(name).toLowerCase()] ?? 'application/octet-stream';
      const urlPath = `/${relative(root, path).split(sep).join('/')}`;
      files.set(urlPath, {
        body,
        type,
        gzip:
          compressible.test(type) && body.byteLength > 512
            ? gzipSync(body, { level: 9 })
            : undefined,
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
        immutable: urlPath.startsWith('/_astro/'),
      });
    }
  };
  walk(root);
  return files;
}
