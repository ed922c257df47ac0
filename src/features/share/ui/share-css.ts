import { compactFloatingMaxWidth } from '../share-rules.ts';
import type { FloatingPosition } from '../share-settings.ts';

/**
 * The floating bar's compact layout (a row along the bottom of the window) for windows too
 * narrow for a column beside the content. Generated per site, like the header's mobile CSS,
 * because a media query cannot read a setting; floatingLayout() makes the same choice.
 */
export function floatingBarCss(position: FloatingPosition, desktopBreakPoint: number): string {
  const max = compactFloatingMaxWidth(position, desktopBreakPoint);
  // `body …[data-horizontal]` outranks every rule of share.css that places the bar. The row
  // leaves the bottom-right corner to the scroll-to-top button and scrolls sideways; the
  // consent banner keeps above it (--qshare-floating-room, site.css).
  const bar = 'body .qshare-bar.qshare-bar--floating[data-horizontal]';
  return `@media (max-width:${max}px){
${bar}{top:auto;bottom:10px;left:8px;right:auto;transform:none;max-width:calc(100% - 84px)}
${bar}[data-live]{bottom:auto}
${bar} .qshare-icons{flex-direction:row;overflow-x:auto;scrollbar-width:none}
${bar} .qshare-tip{display:none}
.site-footer{padding-bottom:64px}
:root{--qshare-floating-room:64px}
}`;
}
