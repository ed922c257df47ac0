import { describe, expect, it } from 'vitest';
import { kilobyte, shareIslandJavaScriptGzipBytes } from '../support/budgets.ts';
import { componentWeight, isShareIsland, scriptsLoadedBy } from '../support/client-scripts.ts';
import { usePostPage } from '../support/post-page.ts';

// The share island's files beyond React on a post page (bar floating and in the footer, pop-up,
// copy link); the same budget `npm run bench` reports. The module holding it holds the header
// island too (decision 0007), so the figure counts the header as well: an upper bound.
describe('the share island', () => {
  const post = usePostPage();

  it(`adds at most ${shareIslandJavaScriptGzipBytes / kilobyte} KB of JavaScript beyond React (gzip -9) to a post page`, () => {
    const weight = componentWeight(post.html, post.pageUrl, isShareIsland);
    expect(weight.missing).toEqual([]);
    const component = scriptsLoadedBy(post.html, post.pageUrl).islands.find(isShareIsland);
    expect(component, 'the post page has a share island').toBeDefined();
    const componentPath = new URL(component!.componentUrl, post.pageUrl).pathname;
    expect(weight.files.map((file) => file.path)).toContain(componentPath);
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
    const share = islands.filter(isShareIsland).map((island) => island.componentUrl);
    expect(share.length).toBe(2);
    expect(new Set(share).size).toBe(1);
    expect([...files.keys()].filter((path) => /share-overlays/.test(path))).toEqual([]);
  });
});
