import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type SanitisedHtml, sliceSanitisedHtml } from './sanitised-html.ts';

/** Every source file under src/, tests aside. */
function sources(dir = 'src'): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    if (!/\.(ts|tsx|astro)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [{ path, text: readFileSync(path, 'utf8') }];
  });
}

/** Where each kind of match is found, as `path: line`. */
function found(pattern: RegExp): string[] {
  return sources().flatMap(({ path, text }) =>
    [...text.matchAll(pattern)].map(
      (match) => `${path}: ${text.slice(match.index).split('\n')[0]?.trim()}`,
    ),
  );
}

describe('SanitisedHtml', () => {
  it('is made by the sanitiser and nowhere else', () => {
    for (const line of found(/as SanitisedHtml/g)) {
      expect(
        [
          'src/platform/markdown.ts',
          'src/platform/sanitised-html.ts',
          // The browser's counterpart, for HTML that arrives as data (DOMPurify).
          'src/platform/sanitise-in-browser.ts',
        ],
        line,
      ).toContain(line.split(':')[0]);
    }
  });

  it('is the only markup pages and islands inject, through htmlOf', () => {
    // What may be injected without being HTML a person wrote: scripts and CSS the site builds,
    // JSON-LD (escaped for a script element), the QR code drawn from the page address, and
    // markup React rendered (staticMarkup, adminIslandMarkup: React escapes every value it writes),
    // each of them also when sent as a kept part (keptMarkup).
    const notHtml = new Map([
      ['src/layouts/Document.astro', 3],
      ['src/features/site/ui/SeoHead.tsx', 1],
      ['src/features/share/ui/overlays/wechat-overlay.ts', 1],
      // The editor's preview: made on the server by the site's sanitiser, and React for the
      // embedded forms (src/pages/admin/api/preview.ts); JSON cannot carry the type.
      ['src/features/admin/ui/PostEditor.tsx', 1],
    ]);
    const injections = [
      ...found(/dangerouslySetInnerHTML=\{\{\s*__html:(?!\s*htmlOf\()/g),
      ...found(
        /set:html=\{(?!\s*(?:keptMarkup\(\s*Astro\.request,\s*)?(?:htmlOf|staticMarkup|adminIslandMarkup)\()/g,
      ),
      ...found(/\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write/g),
    ];
    const byFile = new Map<string, number>();
    for (const line of injections) {
      const path = line.split(':')[0] as string;
      byFile.set(path, (byFile.get(path) ?? 0) + 1);
    }
    expect(Object.fromEntries(byFile), injections.join('\n')).toEqual(Object.fromEntries(notHtml));
    // And the sanitised ones are there, so the patterns above do match what they should.
    expect(found(/__html:\s*htmlOf\(/g).length).toBeGreaterThanOrEqual(4);
    expect(found(/set:html=\{htmlOf\(/g).length).toBeGreaterThanOrEqual(1);
    expect(
      found(/set:html=\{(?:keptMarkup\(\s*Astro\.request,\s*)?staticMarkup\(/g).length,
    ).toBeGreaterThanOrEqual(4);
  });

  it('may be cut between its tags only', () => {
    const html = '<p>One</p><p>[form]</p><p>Two</p>' as SanitisedHtml;
    expect(sliceSanitisedHtml(html, 0, 10)).toBe('<p>One</p>');
    expect(sliceSanitisedHtml(html, 23, html.length)).toBe('<p>Two</p>');
    expect(() => sliceSanitisedHtml(html, 1, 10)).toThrow(/between tags/);
    expect(() => sliceSanitisedHtml(html, 0, 5)).toThrow(/between tags/);
  });
});
