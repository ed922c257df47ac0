import { describe, expect, it } from 'vitest';
import {
  compactFloatingMaxWidth,
  easeTowards,
  floatingTarget,
  isMobileWidth,
  popupCookie,
  popupQuietMs,
  popupSuppressed,
  popupWaitMs,
  reachedBottom,
  rectsOverlap,
  takesTyping,
  tooltipPlacement,
} from './share-rules.ts';

/** Positions after each 50 ms easing step from `from` to a fixed `target`, until reached. */
function easingPath(from: number, target: number): number[] {
  const path: number[] = [];
  for (let current = from; current !== target && path.length < 1000; ) {
    current = easeTowards(current, target);
    path.push(current);
  }
  return path;
}

describe('floating placement', () => {
  const viewport = { scrollY: 1000, height: 800 };

  it('puts the bar at the top offset, centred or at the bottom of the window, in page coordinates', () => {
    expect(floatingTarget(10, viewport, 500)).toBe(1010);
    expect(floatingTarget(96, { scrollY: 0, height: 800 }, 500)).toBe(96);
    expect(floatingTarget('center', viewport, 500)).toBe(1150);
    expect(floatingTarget('bottom', viewport, 60)).toBe(1000 + 800 - 60 - 10);
    // A bar taller than the window starts at its top rather than above it.
    expect(floatingTarget('center', viewport, 900)).toBe(1000);
    expect(floatingTarget('bottom', viewport, 900)).toBe(1000);
  });

  it('is a column beside the layout from 1280 px; below that or the break point, a Share button', () => {
    const left = { vertical: 10, horizontal: 'left' } as const;
    const centreTop = { vertical: 10, horizontal: 'center' } as const;
    expect(compactFloatingMaxWidth(left, 769)).toBe(1279);
    expect(compactFloatingMaxWidth(centreTop, 769)).toBe(768);
    expect(compactFloatingMaxWidth(left, 1400)).toBe(1399);
  });
});

describe('floating easing (50 ms step, factor 0.1)', () => {
  it('moves 10% of the remaining distance per step', () => {
    expect(easeTowards(0, 1000)).toBe(100);
    expect(easeTowards(100, 1000)).toBe(190);
    expect(easeTowards(1000, 0)).toBe(900);
  });

  it('snaps within half a pixel and then stays', () => {
    expect(easeTowards(999.6, 1000)).toBe(1000);
    expect(easeTowards(1000, 1000)).toBe(1000);
  });

  it('converges geometrically: after n steps (1 - 0.9^n) of the way', () => {
    const path = easingPath(0, 1000);
    expect(path[0]).toBeCloseTo(100);
    expect(path[9]).toBeCloseTo(1000 * (1 - 0.9 ** 10));
    expect(path.at(-1)).toBe(1000);
    // Reaching 1000 px from 0 takes about 3.7 s at 50 ms a step.
    expect(path.length).toBe(74);
    for (let i = 1; i < path.length; i++) expect(path[i]!).toBeGreaterThan(path[i - 1]!);
  });
});

describe('tooltip placement', () => {
  it('differs for top-left, top-right and center-top', () => {
    expect(tooltipPlacement({ vertical: 10, horizontal: 'left' })).toBe('right');
    expect(tooltipPlacement({ vertical: 10, horizontal: 'right' })).toBe('left');
    expect(tooltipPlacement({ vertical: 10, horizontal: 'center' })).toBe('below');
  });

  it('is above elsewhere: bottom row, centred row, widget', () => {
    expect(tooltipPlacement({ vertical: 'bottom', horizontal: 'center' })).toBe('above');
    expect(tooltipPlacement({ vertical: 'center', horizontal: 'center' })).toBe('above');
    expect(tooltipPlacement(undefined)).toBe('above');
  });
});

describe('follow pop-up triggers', () => {
  it('mobile is narrower than the break point', () => {
    expect(isMobileWidth(390, 769)).toBe(true);
    expect(isMobileWidth(768, 769)).toBe(true);
    expect(isMobileWidth(769, 769)).toBe(false);
  });

  it('reaching the bottom: within 100 px on mobile, 3 px on desktop', () => {
    const at = (left: number) => ({
      scrollY: 5000 - 800 - left,
      viewportHeight: 800,
      documentHeight: 5000,
    });
    expect(reachedBottom(at(100), true)).toBe(true);
    expect(reachedBottom(at(101), true)).toBe(false);
    expect(reachedBottom(at(3), false)).toBe(true);
    expect(reachedBottom(at(4), false)).toBe(false);
    expect(reachedBottom(at(50), false)).toBe(false);
    expect(reachedBottom(at(0), false)).toBe(true);
  });

  it('waits for a calm moment: never while focus is in a field, nor soon after a key press', () => {
    expect(popupWaitMs({ inField: false, sinceActivityMs: Number.POSITIVE_INFINITY })).toBe(0);
    expect(popupWaitMs({ inField: false, sinceActivityMs: popupQuietMs })).toBe(0);
    expect(popupWaitMs({ inField: false, sinceActivityMs: 1000 })).toBe(popupQuietMs - 1000);
    expect(popupWaitMs({ inField: true, sinceActivityMs: Number.POSITIVE_INFINITY })).toBe(
      popupQuietMs,
    );
    const element = (tagName: string, isContentEditable = false) =>
      ({ tagName, isContentEditable }) as unknown as Element;
    for (const tag of ['INPUT', 'TEXTAREA', 'SELECT']) expect(takesTyping(element(tag))).toBe(true);
    expect(takesTyping(element('DIV', true))).toBe(true);
    expect(takesTyping(element('A'))).toBe(false);
    expect(takesTyping(element('BODY'))).toBe(false);
    expect(takesTyping(null)).toBe(false);
  });

  it('tells whether the compact Share button would cover something, with a gap kept', () => {
    const button = { left: 12, top: 740, right: 120, bottom: 788 };
    expect(rectsOverlap(button, { left: 100, top: 780, right: 300, bottom: 820 })).toBe(true);
    expect(rectsOverlap(button, { left: 121, top: 740, right: 300, bottom: 788 })).toBe(false);
    expect(rectsOverlap(button, { left: 121, top: 740, right: 300, bottom: 788 }, 4)).toBe(true);
    expect(rectsOverlap(button, { left: 12, top: 600, right: 120, bottom: 735 }, 4)).toBe(false);
  });

  it('is suppressed by the qshare_popup cookie only', () => {
    expect(popupSuppressed('')).toBe(false);
    expect(popupSuppressed('a=1; qshare_popup=1')).toBe(true);
    expect(popupSuppressed('qshare_popup=1')).toBe(true);
    expect(popupSuppressed('not_qshare_popup=1; qshare_popupx=2')).toBe(false);
  });

  it('sets the cookie for 30 days, site-wide', () => {
    const cookie = popupCookie(false);
    expect(cookie).toMatch(/^qshare_popup=1;/);
    expect(cookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    expect(cookie).toContain('Max-Age=2592000');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    expect(popupCookie(true)).toContain('; Secure');
  });
});
