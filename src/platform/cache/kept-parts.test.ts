import { describe, expect, it } from 'vitest';
import {
  joinedBytes,
  KeptPart,
  keptMarkup,
  markPart,
  pageSegments,
  takeKeptParts,
  withPartsWritten,
} from './kept-parts.ts';

const longText = (word: string) => `<nav>${`<a href="/${word}">${word} ’</a>`.repeat(40)}</nav>`;

describe('kept parts', () => {
  it('stand in a page by a marker, and the page’s bytes are cut around them', () => {
    const request = {};
    const sidebar = longText('sidebar');
    const marker = keptMarkup(request, sidebar);
    expect(marker).toMatch(/^<!--quire-part:[\w-]{27}-->$/);
    const page = Buffer.from(`<main>é</main>${marker}<footer></footer>${marker}`);
    const segments = pageSegments(page, takeKeptParts(request) ?? new Map());
    expect(segments.map((segment) => (Buffer.isBuffer(segment) ? 'run' : 'part'))).toEqual([
      'run',
      'part',
      'run',
      'part',
    ]);
    expect(joinedBytes(segments).toString()).toBe(
      `<main>é</main>${sidebar}<footer></footer>${sidebar}`,
    );
  });

  it('are named by their content, the same in every process', () => {
    expect(new KeptPart(longText('a')).marker).toBe(new KeptPart(longText('a')).marker);
    expect(new KeptPart(longText('a')).marker).not.toBe(new KeptPart(longText('b')).marker);
  });

  it('are handed over once per request, and only the ones that request named are joined', () => {
    const mine = {};
    const theirs = {};
    const marker = keptMarkup(mine, longText('mine'));
    const other = keptMarkup(theirs, longText('theirs'));
    expect(takeKeptParts(mine)?.size).toBe(1);
    expect(takeKeptParts(mine)).toBeUndefined();
    // A marker of a part the page did not name (written by an author, say) stays as it is.
    const page = Buffer.from(`${other}${marker}`);
    const segments = pageSegments(page, new Map([[marker, new KeptPart(longText('mine'))]]));
    expect(joinedBytes(segments).toString()).toBe(`${other}${longText('mine')}`);
  });

  it('are not used for short text or outside a request', () => {
    expect(keptMarkup({}, '<p>short</p>')).toBe('<p>short</p>');
    expect(keptMarkup(undefined, longText('x'))).toBe(longText('x'));
    expect(markPart(undefined, new KeptPart(longText('y')))).toBe(longText('y'));
  });

  it('are written out of markup that is kept itself', () => {
    const request = {};
    const inner = keptMarkup(request, longText('inner'));
    expect(withPartsWritten(request, `<div>${inner}</div>`)).toBe(
      `<div>${longText('inner')}</div>`,
    );
    expect(withPartsWritten({}, `<div>${inner}</div>`)).toBe(`<div>${inner}</div>`);
  });

  it('carry a note in their marker, and are found by it', () => {
    const part = new KeptPart(longText('slot'), '<astro-slot>');
    expect(part.marker).toContain('<astro-slot>');
    const page = Buffer.from(`<i>${part.marker}</i>`);
    const segments = pageSegments(page, new Map([[part.marker, part]]));
    expect(joinedBytes(segments).toString()).toBe(`<i>${longText('slot')}</i>`);
  });

  it('cut long inline styles and scripts out of the page’s own runs, the same part each time', () => {
    const style = `<style>${'.a{color:red}'.repeat(100)}</style>`;
    const script = `<script>${'run();'.repeat(200)}</script>`;
    const page = Buffer.from(
      `<head>${style}<style>.short{}</style><script type="application/ld+json">${'{}'.repeat(600)}</script></head><body>${script}<p>é</p>`,
    );
    const segments = pageSegments(page, new Map());
    const parts = segments.filter((segment) => !Buffer.isBuffer(segment)) as KeptPart[];
    expect(parts.map((part) => part.text)).toEqual([style, script]);
    expect(joinedBytes(segments)).toEqual(page);
    const again = pageSegments(Buffer.from(page), new Map()).filter(
      (segment) => !Buffer.isBuffer(segment),
    );
    expect(again[0]).toBe(parts[0]);
    expect(again[1]).toBe(parts[1]);
  });

  it('leave an inline block that is not closed in its run as it is', () => {
    const page = Buffer.from(`<p>x</p><script>${'a;'.repeat(1000)}`);
    expect(pageSegments(page, new Map())).toEqual([page]);
  });
});
