import type { ShareNetwork } from './share-settings.ts';

/** Display names of the networks (brand names are not translated). */
export const networkNames: Record<ShareNetwork, string> = {
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  reddit: 'Reddit',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  wechat: 'WeChat',
  email: 'e-mail',
  rss: 'RSS',
  copy: 'link',
};

/** Every text the sharing module shows a visitor (locale en). */
export const shareMessages = {
  barLabel: 'Share and follow',
  followLabel: 'Follow',
  iconLabel(network: ShareNetwork, action: 'share' | 'follow'): string {
    if (network === 'copy') return 'Copy link';
    if (network === 'rss') return 'Subscribe to the RSS feed';
    if (network === 'pinterest' && action === 'share') return 'Pin It on Pinterest';
    if (network === 'email') return action === 'share' ? 'Share by e-mail' : 'Subscribe by e-mail';
    return action === 'share'
      ? `Share on ${networkNames[network]}`
      : `Follow on ${networkNames[network]}`;
  },
  linkCopied: 'Link copied to clipboard.',
  copyFailed: 'Could not copy the link. Press Ctrl+C to copy it.',
  pageAddress: 'Address of this page',
  close: 'Close',
  subscribe: 'Subscribe by e-mail',
  facebookPage: 'Our page on Facebook',
} as const;
