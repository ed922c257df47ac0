import { readFileSync, writeFileSync } from 'node:fs';

/**
 * `npm run lock:complete` — run after `npm install` changes package-lock.json.
 *
 * The package registry this project installs from lacks some other platforms' native
 * builds (macOS, Windows, Android builds of Biome and Astro's compiler). npm then leaves
 * those optional packages out of the lock file, and `npm ci` refuses the file as out of
 * sync. This adds the missing entries, with the platform they are for, exactly as npm
 * writes them when it can see them: npm skips them on Linux, and fetches them on the
 * platform they belong to. See docs/decisions/0010-lock-file-platform-entries.md.
 */

type LockEntry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
};
type LockFile = { packages: Record<string, LockEntry> };

/** The platform a native build is for, read from its package name (`cli-darwin-arm64`…). */
export function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | undefined {
  const match =
    /-(darwin|linux|win32|android|freebsd|wasm32)-?([a-z0-9]+)?(?:-(gnu|musl|msvc|wasi))?$/.exec(
      name,
    );
  if (!match) return undefined;
  const [, os, cpu, variant] = match;
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  if (!os || !cpu) return undefined;
  const libc = variant === 'gnu' ? ['glibc'] : variant === 'musl' ? ['musl'] : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

export function completeLockfile(lock: LockFile): string[] {
  const added: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${path}/node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (lock.packages[nested] || lock.packages[hoisted]) continue;
      const platform = platformOf(name);
      if (!platform || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue;
      lock.packages[hoisted] = {
        version: spec,
        ...platform,
        ...(entry.dev ? { dev: true } : {}),
        optional: true,
      };
      added.push(`${name}@${spec}`);
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) =>
      a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
    ),
  );
  return added;
}

if (import.meta.main) {
  const file = 'package-lock.json';
  const lock = JSON.parse(readFileSync(file, 'utf8')) as LockFile;
  const added = completeLockfile(lock);
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    added.length
      ? `Added ${added.length} platform entries:\n  ${added.join('\n  ')}`
      : 'The lock file is complete.',
  );
}
