import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { builtBeaconPath } from '../../src/features/stats/server/beacon-bundle.ts';
import { tags } from './client-scripts.ts';

/** Where `npm run build` writes the beacon it inlines into the pages (never served as a file). */
export const builtBeaconFile = join('dist', builtBeaconPath);

export type BeaconWeight = { code: string; bytes: number; gzipBytes: number };

/** The built beacon and its size as the budget counts it: the minified file, gzip -9. */
export function builtBeacon(): BeaconWeight {
  const code = readFileSync(builtBeaconFile, 'utf8');
  return {
    code,
    bytes: Buffer.byteLength(code),
    gzipBytes: gzipSync(code, { level: 9 }).byteLength,
  };
}

/** The beacon a page carries: the body of its inline script with the beacon's settings. */
export function inlinedBeacon(html: string): string | undefined {
  return tags(html, 'script').find((script) => script.attributes.has('data-visitor-id'))?.body;
}
