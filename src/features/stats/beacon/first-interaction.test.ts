import { describe, expect, it, vi } from 'vitest';
import { firstInteraction, interactionEvents } from './first-interaction.ts';

describe('firstInteraction', () => {
  it('waits for an interaction: setting it up (the page loading) fires nothing', () => {
    const onFirst = vi.fn();
    const target = new EventTarget();
    firstInteraction(target, onFirst);
    target.dispatchEvent(new Event('load'));
    target.dispatchEvent(new Event('DOMContentLoaded'));
    target.dispatchEvent(new Event('pageshow'));
    expect(onFirst).not.toHaveBeenCalled();
  });

  it.each(['touchstart', 'scroll', 'mousemove', 'keydown'])('fires on %s', (type) => {
    const onFirst = vi.fn();
    const target = new EventTarget();
    firstInteraction(target, onFirst);
    target.dispatchEvent(new Event(type));
    expect(onFirst).toHaveBeenCalledTimes(1);
  });

  it('listens to exactly the seed’s touch, scroll and mouse move, and a key press', () => {
    expect([...interactionEvents].sort()).toEqual(['keydown', 'mousemove', 'scroll', 'touchstart']);
  });

  it('fires once, however many interactions follow', () => {
    const onFirst = vi.fn();
    const target = new EventTarget();
    firstInteraction(target, onFirst);
    for (const type of [...interactionEvents, ...interactionEvents]) {
      target.dispatchEvent(new Event(type));
    }
    expect(onFirst).toHaveBeenCalledTimes(1);
  });

  it('fires once more after rearming, at the next interaction only', () => {
    const onFirst = vi.fn();
    const target = new EventTarget();
    const rearm = firstInteraction(target, onFirst);
    target.dispatchEvent(new Event('scroll'));
    rearm();
    expect(onFirst).toHaveBeenCalledTimes(1);
    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('mousemove'));
    expect(onFirst).toHaveBeenCalledTimes(2);
  });

  it('listens in the capture phase, so that a scroll inside an element counts', () => {
    const target = new EventTarget();
    const listen = vi.spyOn(target, 'addEventListener');
    firstInteraction(target, () => {});
    expect(listen).toHaveBeenCalledTimes(interactionEvents.length);
    for (const call of listen.mock.calls) expect(call[2]).toBe(true);
  });
});
