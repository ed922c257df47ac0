import type { MouseEvent as ReactMouseEvent } from 'react';
import type { ShareIcon } from '../share-links.ts';

export type IconClick = (event: ReactMouseEvent<HTMLAnchorElement>, icon: ShareIcon) => void;

/**
 * One share or follow icon: a plain link that works without JavaScript. In a bar its label is a
 * tooltip, out of the layout (and the accessibility tree) until hovered; in the compact sheet it
 * is shown beside the icon.
 */
export function IconLink({
  icon,
  onClick,
  labelShown = false,
}: {
  icon: ShareIcon;
  onClick: IconClick;
  labelShown?: boolean;
}) {
  return (
    <li>
      <a
        className={`qshare-icon qshare-icon--${icon.network}`}
        href={icon.href}
        data-share-network={icon.network}
        aria-label={labelShown ? undefined : icon.label}
        {...(icon.external
          ? { target: '_blank', rel: 'noopener noreferrer nofollow' }
          : icon.network === 'rss'
            ? { type: 'application/rss+xml' }
            : {})}
        onClick={(event) => onClick(event, icon)}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16">
          <use href={`#qshare-icon-${icon.network}`} />
        </svg>
        {labelShown ? (
          <span>{icon.label}</span>
        ) : (
          <span className="qshare-tip" aria-hidden="true">
            {icon.label}
          </span>
        )}
      </a>
    </li>
  );
}
