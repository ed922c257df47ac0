import type { FloatingPosition } from './share-settings.ts';

/** Seed §9, Sharing: the floating widget moves every 50 ms by 10% of the remaining distance. */
export const floatingStepMs = 50;
export const floatingEasing = 0.1;
/** Below this distance the floating widget snaps to its place and stops moving. */
export const floatingSnapPx = 0.5;
/** How often a floating widget at rest checks that its place has not moved. */
export const floatingIdleCheckMs = 500;
/** Gap kept from the bottom of the window for the `bottom` position. */
export const floatingBottomGapPx = 10;

/** Seed §9: the pop-up's bottom trigger, in px from the end of the page. */
export const popupBottomMobilePx = 100;
export const popupBottomDesktopPx = 3;
export const popupCookieName = 'qshare_popup';
export const popupCookieDays = 30;

/** Seed §9: the copy-link alert shows for about 3 s, then fades out over 2 s. */
export const copyAlertVisibleMs = 3000;
export const copyAlertFadeMs = 2000;

export type Viewport = { scrollY: number; height: number };

/**
 * Where the floating widget belongs, in page coordinates (its `top`), for the window scrolled
 * to `scrollY`: the top offset, centred, or at the bottom of the window.
 */
export function floatingTarget(
  vertical: FloatingPosition['vertical'],
  viewport: Viewport,
  barHeight: number,
): number {
  if (vertical === 'center')
    return viewport.scrollY + Math.max(0, (viewport.height - barHeight) / 2);
  if (vertical === 'bottom') {
    return viewport.scrollY + Math.max(0, viewport.height - barHeight - floatingBottomGapPx);
  }
  return viewport.scrollY + vertical;
}

/** One easing step: 10% of the way from `current` to `target`, snapping when close. */
export function easeTowards(current: number, target: number): number {
  const remaining = target - current;
  if (Math.abs(remaining) <= floatingSnapPx) return target;
  return current + remaining * floatingEasing;
}

/**
 * A column along the left or right edge needs the room beside the 72rem layout; narrower
 * windows (and every window below the header's break point) get the compact Share button
 * instead (CompactShare.tsx, decision 0027).
 */
export const floatingColumnMinWidth = 1280;

/** The largest window width (px) at which the compact Share button stands in for the bar. */
export function compactFloatingMaxWidth(
  position: FloatingPosition,
  desktopBreakPoint: number,
): number {
  const edge = position.horizontal !== 'center';
  return Math.max(
    0,
    Math.floor(edge ? Math.max(desktopBreakPoint, floatingColumnMinWidth) : desktopBreakPoint) - 1,
  );
}

export type Rect = { left: number; top: number; right: number; bottom: number };

/** Whether two rectangles (window coordinates) share any area, with `gap` px kept between. */
export function rectsOverlap(a: Rect, b: Rect, gap = 0): boolean {
  return (
    a.left < b.right + gap &&
    b.left < a.right + gap &&
    a.top < b.bottom + gap &&
    b.top < a.bottom + gap
  );
}

/** Where the tooltips of a floating bar go, so they stay on screen (seed §2.4). */
export type TooltipPlacement = 'above' | 'below' | 'left' | 'right';

export function tooltipPlacement(position: FloatingPosition | undefined): TooltipPlacement {
  if (!position) return 'above';
  const { vertical, horizontal } = position;
  // A column along the left or right edge: the tip opens towards the page.
  if (horizontal === 'left') return 'right';
  if (horizontal === 'right') return 'left';
  // A row across the top (center-top): below, or the tip would leave the window.
  return typeof vertical === 'number' ? 'below' : 'above';
}

/** Whether the window is in the header's mobile mode: narrower than the break point. */
export function isMobileWidth(windowWidth: number, desktopBreakPoint: number): boolean {
  return windowWidth < desktopBreakPoint;
}

/** Whether the visitor reached the bottom: within 100 px on mobile, 3 px on desktop. */
export function reachedBottom(
  page: { scrollY: number; viewportHeight: number; documentHeight: number },
  mobile: boolean,
): boolean {
  const left = page.documentHeight - (page.scrollY + page.viewportHeight);
  return left <= (mobile ? popupBottomMobilePx : popupBottomDesktopPx);
}

/**
 * The follow pop-up takes focus when it opens, so it never opens while the visitor types: not
 * while focus is in a field, nor within this long of the last key press (issue 11, point 2) or
 * of sending a form, whose confirmation it would otherwise cover.
 */
export const popupQuietMs = 4000;

/** How much longer the pop-up must wait for a calm moment; 0 when it may open now. */
export function popupWaitMs(visitor: { inField: boolean; sinceActivityMs: number }): number {
  if (visitor.inField) return popupQuietMs;
  return Math.max(0, popupQuietMs - visitor.sinceActivityMs);
}

/** Whether focus is somewhere keystrokes go: a field, a list or an editable region. */
export function takesTyping(element: Element | null): boolean {
  if (!element) return false;
  if ((element as HTMLElement).isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

/** Whether the pop-up was shown to this browser in the last 30 days. */
export function popupSuppressed(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${popupCookieName}=`));
}

/** The cookie that suppresses the pop-up for 30 days. */
export function popupCookie(secure: boolean): string {
  const maxAge = popupCookieDays * 24 * 60 * 60;
  return `${popupCookieName}=1; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
