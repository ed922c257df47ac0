import { describe, expect, it } from 'vitest';
import { paragraphAt } from './MarkdownEditor.tsx';

describe('an image added to the text', () => {
  it('is a paragraph of its own wherever the cursor is', () => {
    expect(paragraphAt('', 0, 0, '![a](b)')).toBe('![a](b)\n\n');
    expect(paragraphAt('One line', 8, 8, '![a](b)')).toBe('\n\n![a](b)\n\n');
    expect(paragraphAt('One\n', 4, 4, '![a](b)')).toBe('\n![a](b)\n\n');
    expect(paragraphAt('One\n\nTwo', 5, 5, '![a](b)')).toBe('![a](b)\n\n');
    expect(paragraphAt('One\n\n\nTwo', 5, 5, '![a](b)')).toBe('![a](b)\n');
    expect(paragraphAt('OneTwo', 3, 3, '![a](b)')).toBe('\n\n![a](b)\n\n');
  });

  it('replaces a selection', () => {
    expect(paragraphAt('One [x] two', 4, 7, 'B')).toBe('\n\nB\n\n');
  });
});
