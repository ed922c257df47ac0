import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brandIconsModule, outputFile, pathsOf, readBootstrapIcon } from './brand-icons.ts';

describe('brand icons', () => {
  it('reads the paths of an icon, keeping even-odd fills', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">\n  <path d="M0 0h1"/>\n  <path fill-rule="evenodd" d="M2 2h1"/>\n</svg>';
    expect(pathsOf(svg)).toEqual([{ d: 'M0 0h1' }, { d: 'M2 2h1', evenOdd: true }]);
    expect(() => pathsOf('<svg><circle r="1"/></svg>')).toThrow(/Only <path>/);
  });

  it('the committed module is what the script writes from the installed package', () => {
    expect(readFileSync(outputFile, 'utf8')).toBe(brandIconsModule(readBootstrapIcon));
  });
});
