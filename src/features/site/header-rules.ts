/** The seed's numbers for the header, in one place. */
export const searchFocusDelayMs = 200;
export const scrollToTopOffsetPx = 100;
export const scrollToTopWithoutHeaderPx = 300;
export const lazyBackgroundRootMargin = '200px 0px 200px 0px';

/** Desktop mode from the configured break point on (769 by default marks desktop). */
export function isDesktopWidth(windowWidth: number, desktopBreakPoint: number): boolean {
  return windowWidth >= desktopBreakPoint;
}

/** Scrolled distance past which the scroll-to-top button shows. */
export function scrollToTopThreshold(headerHeight: number | undefined): number {
  return headerHeight === undefined
    ? scrollToTopWithoutHeaderPx
    : headerHeight + scrollToTopOffsetPx;
}

export function isScrollToTopVisible(scrollY: number, headerHeight: number | undefined): boolean {
  return scrollY > scrollToTopThreshold(headerHeight);
}

/** What a click on the search icon does: submit an active, non-empty search; else open or close it. */
export function searchIconAction(active: boolean, query: string): 'submit' | 'open' | 'close' {
  if (!active) return 'open';
  return query.trim() === '' ? 'close' : 'submit';
}
