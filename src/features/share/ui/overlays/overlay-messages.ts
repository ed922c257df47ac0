/** Texts of the WeChat and Pinterest overlays (locale en); the two quoted ones are the seed's. */
export const overlayMessages = {
  close: 'Close',
  wechatTitle: 'Share on WeChat',
  wechatScan: 'Scan QR Code in WeChat and press ··· to share!',
  wechatQrLabel: 'QR code of this page’s address',
  wechatUrlLabel: 'Address of this page',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy. Select the address and copy it.',
  openWechat: 'Open WeChat',
  pinterestTitle: 'Pin It on Pinterest',
  pinterestChoose: 'Choose an image to pin.',
  pinterestNoImage: 'This page has no image to pin.',
  pinImage: (alt: string) => (alt ? `Pin “${alt}”` : 'Pin this image'),
} as const;
