import {
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { shareMessages } from '../messages.ts';
import {
  followIcons,
  type IconLinks,
  type SharedPage,
  type ShareIcon,
  shareIcons,
} from '../share-links.ts';
import {
  copyAlertFadeMs,
  copyAlertVisibleMs,
  easeTowards,
  floatingIdleCheckMs,
  floatingStepMs,
  floatingTarget,
  isMobileWidth,
  popupCookie,
  popupSuppressed,
  popupWaitMs,
  reachedBottom,
  takesTyping,
  tooltipPlacement,
} from '../share-rules.ts';
import type { FloatingPosition, PopupSettings } from '../share-settings.ts';
import { CompactShare } from './CompactShare.tsx';
import { copyText } from './copy-link.ts';
import { type IconClick, IconLink } from './IconLink.tsx';

type ShareBarProps = {
  placement: 'widget' | 'floating' | 'sticky';
  /** Floating bars only. */
  position?: FloatingPosition | undefined;
};

type PopupProps = Omit<PopupSettings, 'enabled'>;

type Props = {
  page: SharedPage;
  links: IconLinks;
  bar?: ShareBarProps | undefined;
  popup?: PopupProps | undefined;
  /** The site's Facebook page, when the page plugin is on (loads Facebook's SDK after consent). */
  facebookPage?: string | undefined;
  desktopBreakPoint: number;
};

type CopyAlert = { outcome: 'copied' | 'failed'; phase: 'visible' | 'fading' } | undefined;

/**
 * The `qshare` island: an icon bar (footer widget, floating or sticky), the copy-link alert,
 * and on the page's widget instance the follow pop-up and Facebook's page plugin. Every icon is
 * a plain link that works without JavaScript; a script only adds the copy action, the WeChat
 * and Pinterest overlays, the floating bar's easing and the pop-up.
 */
export default function ShareIsland({
  page,
  links,
  bar,
  popup,
  facebookPage,
  desktopBreakPoint,
}: Props) {
  const [alert, setAlert] = useState<CopyAlert>();
  const icons = useMemo(() => shareIcons(links, page), [links, page]);
  const timers = useRef<number[]>([]);

  const showAlert = useCallback((outcome: 'copied' | 'failed') => {
    for (const timer of timers.current) window.clearTimeout(timer);
    setAlert({ outcome, phase: 'visible' });
    // A failure stays until closed: the visitor needs time to copy the address by hand.
    if (outcome === 'failed') return;
    timers.current = [
      window.setTimeout(() => setAlert({ outcome, phase: 'fading' }), copyAlertVisibleMs),
      window.setTimeout(() => setAlert(undefined), copyAlertVisibleMs + copyAlertFadeMs),
    ];
  }, []);

  useEffect(() => {
    // Its own file: only sites that show the page plugin load it.
    if (facebookPage)
      void import('./facebook-sdk.ts').then(({ loadFacebookSdk }) => loadFacebookSdk());
  }, [facebookPage]);

  const onIconClick = (event: ReactMouseEvent<HTMLAnchorElement>, icon: ShareIcon) => {
    if (icon.action !== 'share') return;
    const { network } = icon;
    if (network === 'copy') {
      event.preventDefault();
      void copyText(page.url).then((copied) => showAlert(copied ? 'copied' : 'failed'));
    } else if (network === 'wechat' || network === 'pinterest') {
      event.preventDefault();
      const trigger = event.currentTarget;
      import('./share-overlays.ts').then(
        ({ openShareOverlay }) => openShareOverlay(network, { ...page, trigger }),
        // The overlay's code could not load: the link still gets the visitor there.
        () => window.open(icon.href, '_blank', 'noopener,noreferrer'),
      );
    }
  };

  return (
    <>
      {bar && (
        <IconBar bar={bar} icons={icons} onIconClick={onIconClick} label={shareMessages.barLabel} />
      )}
      {bar?.placement === 'floating' && (
        <CompactShare page={page} icons={icons} onIconClick={onIconClick} />
      )}
      {facebookPage && (
        <div className="qshare-facebook">
          <div
            className="fb-page"
            data-href={facebookPage}
            data-small-header="true"
            data-show-facepile="false"
            data-width="320"
          >
            <blockquote cite={facebookPage} className="fb-xfbml-parse-ignore">
              <a href={facebookPage} target="_blank" rel="noopener noreferrer">
                {shareMessages.facebookPage}
              </a>
            </blockquote>
          </div>
        </div>
      )}
      {popup && (
        <FollowPopup
          popup={popup}
          links={links}
          page={page}
          desktopBreakPoint={desktopBreakPoint}
          onIconClick={onIconClick}
        />
      )}
      <CopyAlertView alert={alert} url={page.url} onClose={() => setAlert(undefined)} />
    </>
  );
}

function Icons({ icons, onIconClick }: { icons: ShareIcon[]; onIconClick: IconClick }) {
  return (
    <ul className="qshare-icons">
      {icons.map((icon) => (
        <IconLink key={`${icon.network}-${icon.action}`} icon={icon} onClick={onIconClick} />
      ))}
    </ul>
  );
}

function IconBar({
  bar,
  icons,
  onIconClick,
  label,
}: {
  bar: ShareBarProps;
  icons: ShareIcon[];
  onIconClick: IconClick;
  label: string;
}) {
  const ref = useRef<HTMLElement>(null);
  useFloating(ref, bar.placement === 'floating' ? bar.position : undefined);
  const position = bar.placement === 'floating' ? bar.position : undefined;
  const vertical = position
    ? typeof position.vertical === 'number'
      ? 'top'
      : position.vertical
    : undefined;
  return (
    <nav
      ref={ref}
      className={`qshare-bar qshare-bar--${bar.placement}`}
      aria-label={label}
      data-tip={bar.placement === 'sticky' ? 'below' : tooltipPlacement(position)}
      data-vertical={vertical}
      data-horizontal={position?.horizontal}
      // A custom property, not `top`, so that the compact layout's CSS can still move the bar.
      style={
        position && typeof position.vertical === 'number'
          ? ({ '--qshare-top': `${position.vertical}px` } as CSSProperties)
          : undefined
      }
    >
      <Icons icons={icons} onIconClick={onIconClick} />
    </nav>
  );
}

/**
 * Without JavaScript the floating bar is fixed in the window. Here it becomes part of the page
 * (absolute) and follows the scroll with easing: every 50 ms it moves 10% of the way left.
 * In narrow windows the bar gives way to the compact Share button (CompactShare, share-css.ts)
 * and stays put.
 */
function useFloating(ref: { current: HTMLElement | null }, position: FloatingPosition | undefined) {
  useEffect(() => {
    const element = ref.current;
    if (!element || !position) return;
    let current = element.getBoundingClientRect().top + window.scrollY;
    let timer: number | undefined;
    let idleCheck: number | undefined;
    const target = () => {
      return floatingTarget(
        position.vertical,
        { scrollY: window.scrollY, height: window.innerHeight },
        element.offsetHeight,
      );
    };
    const place = () => {
      element.style.top = `${current}px`;
    };
    const step = () => {
      current = easeTowards(current, target());
      place();
      if (current !== target()) return;
      window.clearInterval(timer);
      timer = undefined;
      // At rest, a slow look now and then: a phone's layout viewport can change size while the
      // page loads without any event.
      idleCheck = window.setTimeout(() => {
        if (current !== target()) follow();
        else step();
      }, floatingIdleCheckMs);
    };
    const follow = () => {
      // Not displayed: the compact Share button stands in for it (share-css.ts).
      if (element.offsetHeight === 0) return;
      window.clearTimeout(idleCheck);
      timer ??= window.setInterval(step, floatingStepMs);
    };
    element.dataset.live = '';
    place();
    follow();
    window.addEventListener('scroll', follow, { passive: true });
    window.addEventListener('resize', follow);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(idleCheck);
      window.removeEventListener('scroll', follow);
      window.removeEventListener('resize', follow);
    };
  }, [ref, position]);
}

function FollowPopup({
  popup,
  links,
  page,
  desktopBreakPoint,
  onIconClick,
}: {
  popup: PopupProps;
  links: IconLinks;
  page: SharedPage;
  desktopBreakPoint: number;
  onIconClick: IconClick;
}) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);

  useEffect(() => {
    if (popupSuppressed(document.cookie)) return;
    let shown = false;
    let lastActiveAt = Number.NEGATIVE_INFINITY;
    let calmCheck: number | undefined;
    const onActivity = () => {
      lastActiveAt = performance.now();
    };
    const stopListening = () => {
      window.clearTimeout(timer);
      window.clearTimeout(calmCheck);
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('keydown', onActivity, true);
      document.removeEventListener('submit', onActivity, true);
      document.removeEventListener('focusout', onFocusOut);
    };
    // A trigger fired: open at the first calm moment, never in the middle of typing. The cookie
    // is set only once it opens, so a visitor who never pauses sees it on a later page.
    const show = () => {
      if (shown) return;
      window.clearTimeout(calmCheck);
      const wait = popupWaitMs({
        inField: takesTyping(document.activeElement),
        sinceActivityMs: performance.now() - lastActiveAt,
      });
      if (wait > 0) {
        calmCheck = window.setTimeout(show, wait);
        return;
      }
      shown = true;
      stopListening();
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser yet
      document.cookie = popupCookie(location.protocol === 'https:');
      setOpen(true);
    };
    // Leaving a field may be the calm moment; check once focus has moved on.
    const onFocusOut = () => {
      if (calmCheck !== undefined) window.setTimeout(show, 0);
    };
    document.addEventListener('keydown', onActivity, true);
    // A form just sent shows its confirmation; the pop-up must not cover it at once.
    document.addEventListener('submit', onActivity, true);
    document.addEventListener('focusout', onFocusOut);
    const onScroll = () => {
      const root = document.documentElement;
      const page = {
        scrollY: window.scrollY,
        viewportHeight: window.innerHeight,
        documentHeight: root.scrollHeight,
      };
      if (reachedBottom(page, isMobileWidth(window.innerWidth, desktopBreakPoint))) show();
    };
    const timer =
      popup.delaySeconds === null ? undefined : window.setTimeout(show, popup.delaySeconds * 1000);
    if (popup.onBottom) {
      window.addEventListener('scroll', onScroll, { passive: true });
      // A visitor who scrolled to the end before this script ran is there already.
      if (window.scrollY > 0) onScroll();
    }
    return stopListening;
  }, [popup.delaySeconds, popup.onBottom, desktopBreakPoint]);

  useEffect(() => {
    const element = dialog.current;
    if (!open || !element || element.open) return;
    returnFocus.current = document.activeElement;
    element.showModal();
  }, [open]);

  const onClose = () => {
    setOpen(false);
    const previous = returnFocus.current;
    if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
  };

  // showModal makes the page inert; this keeps Tab and Shift+Tab cycling inside the dialog.
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [
      ...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button, input'),
    ];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!open) return null;
  const icons = followIcons(links, page);
  const bold = popup.fontStyle.startsWith('bold');
  return (
    <dialog
      ref={dialog}
      className="qshare-popup"
      aria-labelledby="qshare-popup-title"
      onClose={onClose}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      style={{
        border: `${popup.borderWidth}px solid ${popup.borderColor}`,
        boxShadow: popup.shadow ? '0 18px 48px rgb(31 35 40 / 28%)' : 'none',
        background: popup.background,
        color: popup.fontColor,
        fontFamily: popup.fontFamily || undefined,
        fontStyle: popup.fontStyle.endsWith('italic') ? 'italic' : 'normal',
        fontWeight: bold ? 700 : undefined,
        fontSize: `${popup.fontSize}px`,
      }}
    >
      <div className="qshare-popup__body">
        <button
          type="button"
          className="qshare-popup__close"
          aria-label={shareMessages.close}
          onClick={() => dialog.current?.close()}
        >
          ×
        </button>
        <h2 id="qshare-popup-title">{popup.title}</h2>
        {popup.text && <p>{popup.text}</p>}
        {icons.length > 0 && (
          <nav
            className="qshare-bar qshare-bar--popup"
            data-tip="above"
            aria-label={shareMessages.followLabel}
          >
            <Icons icons={icons} onIconClick={onIconClick} />
          </nav>
        )}
        <a className="qshare-popup__subscribe" href={links.subscribePath}>
          {shareMessages.subscribe}
        </a>
      </div>
    </dialog>
  );
}

function CopyAlertView({
  alert,
  url,
  onClose,
}: {
  alert: CopyAlert;
  url: string;
  onClose: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (alert?.outcome === 'failed') input.current?.select();
  }, [alert]);
  return (
    <div
      className="qshare-alert"
      role="status"
      data-outcome={alert?.outcome}
      data-phase={alert?.phase ?? 'gone'}
      hidden={!alert}
    >
      {alert?.outcome === 'copied' && shareMessages.linkCopied}
      {alert?.outcome === 'failed' && (
        <>
          <span>{shareMessages.copyFailed}</span>
          <input
            ref={input}
            readOnly
            value={url}
            aria-label={shareMessages.pageAddress}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" onClick={onClose}>
            {shareMessages.close}
          </button>
        </>
      )}
    </div>
  );
}
