import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { beaconGzipBytes, kilobyte } from '../support/budgets.ts';
import { builtBeacon, inlinedBeacon } from '../support/built-beacon.ts';
import { scriptsLoadedBy } from '../support/client-scripts.ts';
import { usePostPage } from '../support/post-page.ts';

// The beacon as `npm run build` made it (dist/qstat/beacon.js), held to the budget
// `npm run bench` reports.
describe('the qstat beacon', () => {
  const post = usePostPage();

  it(`is at most ${(beaconGzipBytes / kilobyte).toFixed(1)} KB (${beaconGzipBytes} bytes), minified and gzip -9`, () => {
    const beacon = builtBeacon();
    expect(beacon.bytes).toBeGreaterThan(500);
    expect(beacon.gzipBytes, `beacon ${beacon.gzipBytes} bytes gzip`).toBeLessThanOrEqual(
      beaconGzipBytes,
    );
    expect(beacon.gzipBytes).toBe(gzipSync(beacon.code, { level: 9 }).byteLength);
  });

  it('is the very script a post page carries inline, with no request of its own', () => {
    expect(inlinedBeacon(post.html)).toBe(builtBeacon().code);
    const { files } = scriptsLoadedBy(post.html, post.pageUrl);
    expect([...files.keys()].filter((path) => /beacon|qstat/i.test(path))).toEqual([]);
  });

  it('reads its settings from its own script element', () => {
    expect(post.html).toMatch(/<script data-dnt="1" data-visitor-id="with-consent">/);
  });
});
