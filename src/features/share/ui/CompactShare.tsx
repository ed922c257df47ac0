import { useEffect, useId, useRef, useState } from 'react';
import { shareMessages } from '../messages.ts';
import type { SharedPage, ShareIcon } from '../share-links.ts';
import { rectsOverlap, takesTyping } from '../share-rules.ts';
import { type IconClick, IconLink } from './IconLink.tsx';

/**
 * What the floating bar becomes in a window too narrow for a column beside the text (share-css.ts
 * decides when): one Share button in the bottom-left corner that opens a sheet with every icon,
 * and, where the browser has one, the system share sheet (`navigator.share`). The button and the
 * sheet are a popover and its invoker, so they work before hydration and without JavaScript.
 * With JavaScript the button steps aside while it would cover a form control, an error or the
 * consent banner, or while the visitor types.
 */
export function CompactShare({
  page,
  icons,
  onIconClick,
}: {
  page: SharedPage;
  icons: ShareIcon[];
  onIconClick: IconClick;
}) {
  const sheetId = `${useId()}-share-sheet`;
  const sheet = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [nativeShare, setNativeShare] = useState(false);
  const covering = useStepAside(button);

  useEffect(() => {
    setNativeShare(typeof navigator.share === 'function');
  }, []);

  const close = () => sheet.current?.hidePopover();
  const shareWithApp = () => {
    navigator.share({ title: page.title, url: page.url }).then(close, () => {
      // Cancelled or refused: the sheet stays open with every other way to share.
    });
  };

  return (
    <div className="qshare-compact" data-stepped-aside={covering || undefined}>
      <button
        ref={button}
        type="button"
        className="qshare-compact__button"
        popoverTarget={sheetId}
        aria-label={shareMessages.sheetTitle}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16">
          <circle cx="12" cy="3.5" r="2" />
          <circle cx="4" cy="8" r="2" />
          <circle cx="12" cy="12.5" r="2" />
          <path d="M12 3.5 4 8l8 4.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
        </svg>
        <span>{shareMessages.compactButton}</span>
      </button>
      <div
        ref={sheet}
        id={sheetId}
        className="qshare-sheet"
        popover="auto"
        role="dialog"
        aria-label={shareMessages.sheetTitle}
      >
        <div className="qshare-sheet__head">
          <p className="qshare-sheet__title">{shareMessages.sheetTitle}</p>
          <button
            type="button"
            className="qshare-sheet__close"
            popoverTarget={sheetId}
            popoverTargetAction="hide"
          >
            {shareMessages.sheetClose}
          </button>
        </div>
        {nativeShare && (
          <button type="button" className="qshare-sheet__native" onClick={shareWithApp}>
            {shareMessages.sheetNativeShare}
          </button>
        )}
        <ul className="qshare-sheet__icons">
          {icons.map((icon) => (
            <IconLink
              key={`${icon.network}-${icon.action}`}
              icon={icon}
              labelShown
              onClick={(event) => {
                close();
                onIconClick(event, icon);
              }}
            />
          ))}
        </ul>
      </div>
    </div>
  );
}

/** What the button must never cover: form controls, their labels and errors, the consent banner. */
const keepClear = [
  ':is(input:not([type="hidden"]), textarea, select, label, [role="alert"], .qforms-error, .field-error)',
  'button:not(.qshare-compact *)',
  '.consent-banner:popover-open',
].join(', ');

/** Scrolling down further than this reads on: the button steps aside until the visitor turns back. */
const readingScrollPx = 8;

/**
 * Whether the button should step aside now: it would cover something the visitor needs, focus is
 * in a field (a phone's keyboard is up), or the visitor is scrolling down through the text. It
 * comes back on scrolling up and at the end of the page. Checked after every scroll, resize,
 * focus change and change to the page (an error appearing), at most once a frame.
 */
function useStepAside(button: { current: HTMLElement | null }): boolean {
  const [covering, setCovering] = useState(false);
  useEffect(() => {
    const element = button.current;
    if (!element) return;
    let frame = 0;
    let lastY = window.scrollY;
    let readingOn = false;
    const check = () => {
      frame = 0;
      const y = window.scrollY;
      const root = document.documentElement;
      const atEnd = y + window.innerHeight >= root.scrollHeight - 2;
      if (y > lastY + readingScrollPx) readingOn = true;
      else if (y < lastY - readingScrollPx) readingOn = false;
      if (Math.abs(y - lastY) > readingScrollPx) lastY = y;
      // Measured where it sits when shown: stepping aside only fades it.
      const own = element.getBoundingClientRect();
      if (own.width === 0) return;
      const blocked =
        (readingOn && !atEnd) ||
        takesTyping(document.activeElement) ||
        [...document.querySelectorAll(keepClear)].some((other) => {
          const rect = other.getBoundingClientRect();
          return rect.width > 0 && rectsOverlap(own, rect, 4);
        });
      setCovering(blocked);
    };
    const schedule = () => {
      frame ||= window.requestAnimationFrame(check);
    };
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class', 'hidden', 'aria-invalid'],
    });
    const events = ['scroll', 'resize', 'focusin', 'focusout', 'toggle'] as const;
    for (const type of events)
      window.addEventListener(type, schedule, { capture: true, passive: true });
    schedule();
    return () => {
      window.cancelAnimationFrame(frame);
      changes.disconnect();
      for (const type of events) window.removeEventListener(type, schedule, { capture: true });
    };
  }, [button]);
  return covering;
}
