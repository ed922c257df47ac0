import { useEffect, useReducer, useRef } from 'react';
import { scrollToElement } from './form-client.ts';

/** Seed §9: how far below the top of the window a field error or a page is scrolled to. */
export const fieldErrorOffset = 75;

type ScrollTarget = { selector: string; offset: number; focusFirstInvalid: boolean };

/**
 * Scrolls to what the next render shows (a page, an error, the confirmation): the first
 * element of the form's container that matches and is displayed.
 */
export function useScrollAfterRender(containerId: string) {
  const target = useRef<ScrollTarget | undefined>(undefined);
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);

  useEffect(() => {
    const wanted = target.current;
    if (!wanted) return;
    target.current = undefined;
    const container = document.getElementById(containerId);
    // The first one shown: other pages' errors are in the document too.
    const element = [...(container?.querySelectorAll(wanted.selector) ?? [])].find(
      (candidate) => candidate.getClientRects().length > 0,
    );
    if (element) scrollToElement(element, wanted.offset);
    if (!wanted.focusFirstInvalid) return;
    // The scroll above is animated; focusing must not jump there first.
    const invalid = container?.querySelector<HTMLElement>(
      '.qforms-page--current [aria-invalid="true"]',
    );
    invalid?.focus({ preventScroll: true });
  });

  return {
    scrollAfterRender: (selector: string, offset = fieldErrorOffset) => {
      target.current = { selector, offset, focusFirstInvalid: false };
    },
    /**
     * After a failed Next or Submit: scroll to the first field with an error (its label and
     * inputs, not only the message under them) and focus its first invalid input. The form
     * renders again even when the errors are the ones already shown, so the scroll happens.
     */
    scrollToFirstError: (offset = fieldErrorOffset, selector = '.qforms-has-error') => {
      target.current = { selector, offset, focusFirstInvalid: true };
      renderAgain();
    },
  };
}
