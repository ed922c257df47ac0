import { compactFloatingMaxWidth } from '../share-rules.ts';
import type { FloatingPosition } from '../share-settings.ts';

/**
 * In windows too narrow for a column beside the content, the floating bar gives way to the
 * compact Share button and its sheet (CompactShare.tsx). Generated per site, like the header's
 * mobile CSS, because a media query cannot read a setting; floatingLayout() makes the same
 * choice. The footer ends with room for the button, so that it covers none of its links.
 */
export function floatingBarCss(position: FloatingPosition, desktopBreakPoint: number): string {
  const max = compactFloatingMaxWidth(position, desktopBreakPoint);
  // `body …[data-horizontal]` outranks every rule of share.css that shows the bar.
  const bar = 'body .qshare-bar.qshare-bar--floating[data-horizontal]';
  return `@media (max-width:${max}px){
${bar}{display:none}
body .qshare-compact{display:block}
.site-footer{padding-bottom:80px}
}`;
}
