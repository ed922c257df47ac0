import { describe, expect, it } from 'vitest';
import { kilobyte, shareIslandJavaScriptGzipBytes } from '../support/budgets.ts';
import {
  componentWeight,
  scriptsLoadedBy,
  shareIslandComponent,
} from '../support/client-scripts.ts';
import { usePostPage } from '../support/post-page.ts';

// The share island's files beyond React on a post page (bar floating and in the footer, pop-up,
// copy link); the same budget `npm run bench` reports.
describe('the share island', () => {
  const post = usePostPage();

  it(`adds at most ${shareIslandJavaScriptGzipBytes / kilobyte} KB of JavaScript beyond React (gzip -9) to a post page`, () => {
    const weight = componentWeight(post.html, post.pageUrl, shareIslandComponent);
    expect(weight.missing).toEqual([]);
    expect(weight.files.some((file) => shareIslandComponent.test(file.path))).toBe(true);
    const breakdown = weight.files
      .map((file) => `${file.path} ${(file.gzipBytes / kilobyte).toFixed(1)} KB`)
      .join(', ');
    expect(
      weight.gzipBytes,
      `share island ${(weight.gzipBytes / kilobyte).toFixed(1)} KB gzip: ${breakdown}`,
    ).toBeLessThanOrEqual(shareIslandJavaScriptGzipBytes);
  });

  it('floating bar and footer widget share one component file; the overlays are not loaded up front', () => {
    const { islands, files } = scriptsLoadedBy(post.html, post.pageUrl);
    const share = islands.filter((url) => shareIslandComponent.test(url));
    expect(share.length).toBe(2);
    expect(new Set(share).size).toBe(1);
    expect([...files.keys()].filter((path) => /share-overlays/.test(path))).toEqual([]);
  });
});
