import { useEffect, useRef } from 'react';

/**
 * How long after a pointer is lifted a press still counts as under way when no click comes
 * (a long press, a drag): what was held back for it then happens anyway.
 */
const pressSettleMs = 1000;

/**
 * A message that appears or goes while a button is pressed moves the button away from the
 * pointer, and the click lands beside it. What would change the layout waits for the press
 * to end: its click (a tap's mouse events come after the finger is lifted), or a while.
 * It runs once the click has been handled: a render during the click would put a
 * controlled checkbox back before React reads it.
 *
 * Answers `afterPress(key, run)`: runs now, or once the press under way has ended; a later
 * call for the same key wins.
 */
export function useAfterPress() {
  const pressing = useRef(false);
  const waiting = useRef(new Map<string, () => void>());

  useEffect(() => {
    let settle: ReturnType<typeof setTimeout> | undefined;
    const settled = () => {
      clearTimeout(settle);
      pressing.current = false;
      const runs = [...waiting.current.values()];
      waiting.current.clear();
      for (const run of runs) run();
    };
    const pressed = () => {
      clearTimeout(settle);
      pressing.current = true;
    };
    const lifted = () => {
      clearTimeout(settle);
      settle = setTimeout(settled, pressSettleMs);
    };
    const clicked = () => {
      clearTimeout(settle);
      settle = setTimeout(settled, 0);
    };
    const listeners = [
      ['pointerdown', pressed],
      ['pointerup', lifted],
      ['pointercancel', settled],
      ['click', clicked],
    ] as const;
    const options = { capture: true, passive: true };
    for (const [type, listener] of listeners) document.addEventListener(type, listener, options);
    return () => {
      clearTimeout(settle);
      for (const [type, listener] of listeners) {
        document.removeEventListener(type, listener, options);
      }
    };
  }, []);

  return (key: string, run: () => void) => {
    if (pressing.current) waiting.current.set(key, run);
    else run();
  };
}
