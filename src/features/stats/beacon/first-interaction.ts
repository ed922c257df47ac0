/**
 * What counts as a person at the page: the seed's first touch, scroll or mouse move, and a key
 * press, so that visitors who use only a keyboard or a screen reader count too (decision 0018).
 */
export const interactionEvents = ['touchstart', 'scroll', 'mousemove', 'keydown'] as const;

/**
 * Calls `onFirst` once, at the first interaction event that reaches `target` (the window; in
 * the capture phase, so that a scroll inside an element counts too). Loading the page alone
 * fires none of them. Returns `rearm`, after which the next interaction calls `onFirst` again
 * (a page restored from the back/forward cache); the listeners stay, idle and passive.
 */
export function firstInteraction(target: EventTarget, onFirst: () => void): () => void {
  let armed = true;
  for (const type of interactionEvents) {
    target.addEventListener(
      type,
      () => {
        if (armed) {
          armed = false;
          onFirst();
        }
      },
      // Capture: a scroll inside an element does not bubble. Passive by nature: none of these
      // is cancelled, and browsers treat touchstart on the window as passive.
      true,
    );
  }
  return () => {
    armed = true;
  };
}
