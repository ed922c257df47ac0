import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html-escape.ts';

describe('escapeHtml', () => {
  it('escapes the five characters markup gives meaning to, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>Fish & chips</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Fish &amp; chips&lt;/a&gt;',
    );
    expect(escapeHtml('Crème brûlée — “quoted” 🍮')).toBe('Crème brûlée — “quoted” 🍮');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
