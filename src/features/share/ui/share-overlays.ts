/**
 * Opens the WeChat or Pinterest overlay for an icon of the bar. Their code (and the QR
 * encoder) loads only now, when a visitor asks for it; if it cannot load, the icon's own
 * link is followed instead, which works without either.
 */
export function openShareOverlay(
  network: 'wechat' | 'pinterest',
  context: { url: string; title: string; image?: string | undefined; trigger: HTMLElement },
): void {
  const followLink = () => {
    const href = context.trigger.getAttribute('href');
    if (href) window.open(href, '_blank', 'noopener');
  };
  const opened =
    network === 'wechat'
      ? import('./overlays/wechat-overlay.ts').then(({ openWeChatOverlay }) =>
          openWeChatOverlay({
            url: context.url,
            // The phone layout of the header (its break point is a site setting).
            mobile: document.querySelector<HTMLElement>('.site-header')?.dataset.mode === 'mobile',
            trigger: context.trigger,
          }),
        )
      : import('./overlays/pinterest-picker.ts').then(({ openPinterestPicker }) =>
          openPinterestPicker(context),
        );
  opened.catch((error: unknown) => {
    console.error('The share overlay could not be opened', error);
    followLink();
  });
}
