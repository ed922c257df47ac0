import type { ShareNetwork } from '../share-settings.ts';
import { brandIcons } from './brand-icons.ts';

export const iconId = (network: ShareNetwork) => `qshare-icon-${network}`;

/**
 * The brand icons the page's bars use, once per page as SVG symbols: each icon then costs a
 * `<use>` in the markup, and none of the path data travels in the island's JavaScript.
 */
export function ShareIconSprite({ networks }: { networks: ShareNetwork[] }) {
  const unique = [...new Set(networks)];
  if (unique.length === 0) return null;
  return (
    <svg className="qshare-sprite" aria-hidden="true" focusable="false" width="0" height="0">
      {unique.map((network) => (
        <symbol key={network} id={iconId(network)} viewBox="0 0 16 16">
          {brandIcons[network].map((path) => (
            <path
              key={path.d}
              d={path.d}
              fillRule={path.evenOdd ? 'evenodd' : undefined}
              fill="currentColor"
            />
          ))}
        </symbol>
      ))}
    </svg>
  );
}
