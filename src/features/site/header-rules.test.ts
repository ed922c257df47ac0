import { describe, expect, it } from 'vitest';
import {
  isDesktopWidth,
  isScrollToTopVisible,
  scrollToTopThreshold,
  searchIconAction,
} from './header-rules.ts';

describe('header mode', () => {
  it('is desktop from the break point on (769 by default)', () => {
    expect(isDesktopWidth(768, 769)).toBe(false);
    expect(isDesktopWidth(769, 769)).toBe(true);
    expect(isDesktopWidth(1024, 1100)).toBe(false);
  });
});

describe('scroll-to-top', () => {
  it('shows past the header height plus 100 px, or past 300 px without a header', () => {
    expect(scrollToTopThreshold(64)).toBe(164);
    expect(scrollToTopThreshold(undefined)).toBe(300);
    expect(isScrollToTopVisible(164, 64)).toBe(false);
    expect(isScrollToTopVisible(165, 64)).toBe(true);
    expect(isScrollToTopVisible(300, undefined)).toBe(false);
    expect(isScrollToTopVisible(301, undefined)).toBe(true);
  });
});

describe('search icon', () => {
  it('opens an inactive search, submits an active one with text, closes an empty one', () => {
    expect(searchIconAction(false, 'ignored')).toBe('open');
    expect(searchIconAction(true, 'bread')).toBe('submit');
    expect(searchIconAction(true, '   ')).toBe('close');
  });
});

describe('mobile header CSS', () => {
  it('applies below the configured break point only', async () => {
    const { mobileHeaderCss } = await import('./ui/mobile-header-css.ts');
    expect(mobileHeaderCss(769)).toMatch(/^@media \(max-width:768px\)\{/);
    expect(mobileHeaderCss(1024)).toContain('(max-width:1023px)');
  });
});
