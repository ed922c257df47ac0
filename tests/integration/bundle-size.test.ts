import { readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kilobyte, postPageJavaScriptGzipBytes, postPageStylesheets } from '../support/budgets.ts';
import { clientDir, scriptsLoadedBy, tags } from '../support/client-scripts.ts';
import { usePostPage } from '../support/post-page.ts';

/** `<link>` elements that load a stylesheet or a script, now or ahead of time. */
function loadsCodeOrStyle(attributes: Map<string, string>): boolean {
  const rel = attributes.get('rel') ?? '';
  if (/\b(?:stylesheet|modulepreload)\b/i.test(rel)) return true;
  return (
    /\b(?:preload|prefetch)\b/i.test(rel) && /^(?:script|style)$/i.test(attributes.get('as') ?? '')
  );
}

function isExternal(url: string, pageUrl: string): boolean {
  return new URL(url, pageUrl).origin !== new URL(pageUrl).origin;
}

describe('a post page', () => {
  const post = usePostPage();

  it(`loads at most ${postPageJavaScriptGzipBytes / kilobyte} KB of JavaScript (gzip -9) from the built client files`, () => {
    const built = new Set(
      readdirSync(join(clientDir, '_astro')).filter((name) => name.endsWith('.js')),
    );
    const { files, missing, external, islands } = scriptsLoadedBy(post.html, post.pageUrl);

    expect(islands.length, 'the page has its islands').toBeGreaterThan(0);
    expect(missing, 'scripts the page refers to that are not in dist/client').toEqual([]);
    expect(external, 'scripts from another host').toEqual([]);
    for (const path of files.keys()) {
      expect(built.has(posix.basename(path)) && path.startsWith('/_astro/'), path).toBe(true);
    }

    const total = [...files.values()].reduce((sum, file) => sum + file.gzipBytes, 0);
    const breakdown = [...files.values()]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .map((file) => `${file.path} ${(file.gzipBytes / kilobyte).toFixed(1)} KB`)
      .join(', ');
    expect(
      total,
      `post page JavaScript ${(total / kilobyte).toFixed(1)} KB gzip: ${breakdown}`,
    ).toBeLessThanOrEqual(postPageJavaScriptGzipBytes);
  });

  it('runs its page-behaviour script without waiting for React (decision 0007)', () => {
    const { renderers } = scriptsLoadedBy(post.html, post.pageUrl);
    const scripts = tags(post.html, 'script')
      .map((script) => script.attributes.get('src'))
      .filter((src): src is string => src !== undefined);
    expect(scripts, 'the page has its behaviour script').not.toEqual([]);
    for (const src of scripts) {
      const { files } = scriptsLoadedBy(
        `<script type="module" src="${src}"></script>`,
        post.pageUrl,
      );
      expect(
        [...files.keys()].filter((path) => renderers.has(path)),
        src,
      ).toEqual([]);
    }
  });

  it('loads no script or stylesheet from another host', () => {
    const references = [
      ...tags(post.html, 'script').map((script) => script.attributes.get('src')),
      ...tags(post.html, 'link')
        .filter((link) => loadsCodeOrStyle(link.attributes))
        .map((link) => link.attributes.get('href')),
      ...tags(post.html, 'astro-island').flatMap((island) => [
        island.attributes.get('component-url'),
        island.attributes.get('renderer-url'),
      ]),
    ].filter((url): url is string => url !== undefined && url !== '');
    expect(references.filter((url) => isExternal(url, post.pageUrl))).toEqual([]);
  });

  it(`loads ${postPageStylesheets} stylesheet: site, forms and share rules travel together (decision 0013)`, () => {
    const stylesheets = tags(post.html, 'link').filter((link) =>
      /\bstylesheet\b/i.test(link.attributes.get('rel') ?? ''),
    );
    expect(stylesheets.map((link) => link.attributes.get('href'))).toHaveLength(
      postPageStylesheets,
    );
  });
});
