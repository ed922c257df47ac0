import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverEntry } from '../support/server-entry.ts';

/** The packages a built module and the local modules it imports statically load, at start. */
function staticPackages(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/^(?:import|export)\s[^;]*?from\s*"([^"]+)"/gms)) {
    if (!specifier) continue;
    if (specifier.startsWith('.')) {
      for (const name of staticPackages(join(dirname(file), specifier), seen)) packages.add(name);
    } else packages.add(specifier);
  }
  return packages;
}

describe('the built HTTP front (dist/front)', () => {
  it('is JavaScript whose primary process loads no package, neither the app nor the configuration schema', () => {
    const packages = [...staticPackages(serverEntry)].filter((name) => !name.startsWith('node:'));
    // It reads where to listen and how many workers without zod (9 MB of its memory); the
    // serving processes read the rest and report a bad value (decision 0068).
    expect(packages).toEqual([]);
    expect(readFileSync(serverEntry, 'utf8')).toContain('import("./serving-process-');
  });

  it('loads the app in the serving processes', () => {
    const source = readFileSync(serverEntry, 'utf8');
    const chunk = source.match(/import\("\.\/(serving-process-[\w-]+\.mjs)"\)/)?.[1];
    expect(chunk).toBeDefined();
    const packages = staticPackages(join(dirname(serverEntry), chunk!));
    for (const name of ['kysely', 'sanitize-html']) expect(packages).toContain(name);
    // Loaded on first use: PostgreSQL's driver on a PostgreSQL site, nodemailer with a mail,
    // the importers' parsers with the first import a process runs (decision 0068).
    for (const name of ['pg', 'nodemailer', 'sax', 'turndown']) {
      expect(packages).not.toContain(name);
    }
  });
});

describe('the built client files (dist/client)', () => {
  it('carry their gzip forms, written by the build so that a start does not compress them', () => {
    const assets = join(dirname(serverEntry), '..', 'client', '_astro');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    const compressed = scripts.filter((name) => readdirSync(assets).includes(`${name}.gz`));
    // Every script but the few too small to be worth it (a re-export of a few bytes).
    expect(compressed.length).toBeGreaterThan(scripts.length / 2);
  });
});

describe('the built Astro app (dist/server)', () => {
  it('does not carry a second copy of the app: its middleware loads boot only under astro dev', () => {
    const middleware = readFileSync(
      join(dirname(serverEntry), '..', 'server', 'virtual_astro_middleware.mjs'),
      'utf8',
    );
    expect(middleware).not.toContain('src/server/boot.ts');
    const packages = staticPackages(
      join(dirname(serverEntry), '..', 'server', 'virtual_astro_middleware.mjs'),
    );
    for (const name of ['pg', 'nodemailer']) expect(packages).not.toContain(name);
  });

  it('remembers the CSP digests of inline scripts and styles instead of hashing them per render', () => {
    const chunks = join(dirname(serverEntry), '..', 'server', 'chunks');
    const sources = readdirSync(chunks)
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => readFileSync(join(chunks, name), 'utf8'));
    const withDigest = sources.filter((source) =>
      source.includes('async function generateCspDigest('),
    );
    expect(withDigest).toHaveLength(1);
    expect(withDigest[0]).toContain('quireCspDigests.get(key)');
  });
});
