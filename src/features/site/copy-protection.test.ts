import { describe, expect, it } from 'vitest';
import { isCopyProtectionExempt } from './copy-protection.ts';

/** The smallest stand-in for a DOM element that `closest` needs. */
function element(
  tagName: string,
  attributes: Record<string, string> = {},
  parent?: FakeElement,
): FakeElement {
  const self: FakeElement = {
    tagName: tagName.toUpperCase(),
    getAttribute: (name) => attributes[name] ?? null,
    closest: (selector) => {
      const wanted = selector.split(',').map((s) => s.trim().toUpperCase());
      for (let node: FakeElement | undefined = self; node; node = node.parent) {
        if (wanted.includes(node.tagName)) return node;
      }
      return null;
    },
    parent,
  };
  return self;
}
type FakeElement = {
  tagName: string;
  getAttribute: (name: string) => string | null;
  closest: (selector: string) => FakeElement | null;
  parent: FakeElement | undefined;
};

describe('copy protection', () => {
  it('leaves text inputs and text areas alone', () => {
    for (const type of ['text', 'email', 'search', 'url', 'tel', 'password', 'number']) {
      expect(
        isCopyProtectionExempt(element('input', { type }) as unknown as EventTarget),
        type,
      ).toBe(true);
    }
    expect(isCopyProtectionExempt(element('input') as unknown as EventTarget)).toBe(true);
    expect(isCopyProtectionExempt(element('textarea') as unknown as EventTarget)).toBe(true);
  });

  it('protects everything else, including non-text inputs', () => {
    for (const type of ['checkbox', 'radio', 'submit', 'image', 'file']) {
      expect(
        isCopyProtectionExempt(element('input', { type }) as unknown as EventTarget),
        type,
      ).toBe(false);
    }
    expect(isCopyProtectionExempt(element('img', {}, element('p')) as unknown as EventTarget)).toBe(
      false,
    );
    expect(isCopyProtectionExempt(null)).toBe(false);
  });
});
