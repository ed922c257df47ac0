/**
 * The WeChat QR-code overlay and the Pinterest image picker (seed §2.6, §2.7), loaded by the
 * icon bar only when a visitor clicks one of those icons.
 *
 * For now this follows the icon's own link (WeChat: the page address; Pinterest: the
 * pin-creation link with the page's preview image); the overlays replace this body.
 */
export function openShareOverlay(
  network: 'wechat' | 'pinterest',
  context: { url: string; title: string; image?: string | undefined; trigger: HTMLElement },
): void {
  const link = context.trigger.closest('a');
  const href = link?.href ?? context.url;
  if (network === 'pinterest') window.open(href, '_blank', 'noopener,noreferrer');
  else window.location.assign(href);
}
