import { z } from 'zod';

/** Every network the icon bar knows, in the default order. */
export const shareNetworks = [
  'facebook',
  'x',
  'linkedin',
  'pinterest',
  'whatsapp',
  'telegram',
  'reddit',
  'mastodon',
  'bluesky',
  'wechat',
  'email',
  'rss',
  'copy',
] as const;

export type ShareNetwork = (typeof shareNetworks)[number];

/** Networks that have a profile or page a visitor can follow. */
export const followNetworks = [
  'facebook',
  'x',
  'linkedin',
  'pinterest',
  'whatsapp',
  'telegram',
  'reddit',
  'mastodon',
  'bluesky',
] as const satisfies readonly ShareNetwork[];

export type FollowNetwork = (typeof followNetworks)[number];

/**
 * What an icon in the bar does: share the page, or follow the site there (its profile link
 * from `follow`; RSS follows the site's feed, e-mail opens the subscription page).
 */
export const shareIconSchema = z.object({
  network: z.enum(shareNetworks),
  action: z.enum(['share', 'follow']).default('share'),
});

export type ShareIconSetting = z.output<typeof shareIconSchema>;

const httpsUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || /^https?:\/\/[^\s"'<>]+$/i.test(value), {
    message: 'Use an address that starts with https://',
  });

const cssColor = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i, 'Use a colour like #1f2328');

/** A CSS font-family list: names, quotes, commas and spaces only. */
const fontFamily = z
  .string()
  .trim()
  .max(200)
  .regex(/^[\w\s,"'-]*$/, 'Use font names separated by commas');

/**
 * Floating positions (seed §2.4): a top offset in px, the vertical centre, or the bottom of the
 * window; on the left, in the middle or on the right.
 */
export const floatingPositionSchema = z.object({
  vertical: z.union([z.literal('center'), z.literal('bottom'), z.number().int().min(0).max(2000)]),
  horizontal: z.enum(['left', 'center', 'right']),
});

export type FloatingPosition = z.output<typeof floatingPositionSchema>;

/** Seed §9: the floating widget is positioned at 10 by default. */
export const defaultFloatingTop = 10;

export const popupSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  title: z.string().trim().max(120).default('Enjoy this blog? Please spread the word :)'),
  text: z.string().trim().max(500).default('Follow along, or get new posts by e-mail.'),
  /** Seconds after the page loads; null: no delay trigger. */
  delaySeconds: z.number().int().min(0).max(3600).nullable().default(20),
  /** Show when the visitor reaches the bottom of the page. */
  onBottom: z.boolean().default(true),
  borderColor: cssColor.default('#e6e2da'),
  borderWidth: z.number().int().min(0).max(20).default(1),
  shadow: z.boolean().default(true),
  background: cssColor.default('#ffffff'),
  fontFamily: fontFamily.default(''),
  fontStyle: z.enum(['normal', 'italic', 'bold', 'bold-italic']).default('normal'),
  fontSize: z.number().int().min(10).max(40).default(17),
  fontColor: cssColor.default('#1f2328'),
});

export type PopupSettings = z.output<typeof popupSettingsSchema>;

const defaultIcons: ShareIconSetting[] = shareNetworks.map((network) => ({
  network,
  action: network === 'rss' ? 'follow' : 'share',
}));

/** The sharing module's settings (contract §2.3), stored like the site settings. */
export const shareSettingsSchema = z.object({
  /** The icons of the bar, in order. */
  icons: z
    .array(shareIconSchema)
    .max(40)
    .default(defaultIcons)
    .refine(
      (icons) =>
        new Set(icons.map((icon) => `${icon.network}:${icon.action}`)).size === icons.length,
      { message: 'Each icon may appear once' },
    ),
  /** Profile or page addresses for the follow icons; empty: not followed there. */
  follow: z.partialRecord(z.enum(followNetworks), httpsUrl).default({}),
  /** A Mastodon server to share through (`mastodon.social`); empty: a share page picks one. */
  mastodonInstance: z
    .string()
    .trim()
    .max(253)
    .regex(/^(?:[a-z0-9-]+\.)+[a-z]{2,}$|^$/i, 'Use a host name like mastodon.social')
    .default(''),
  /** In the footer widget area of every page. */
  widget: z.boolean().default(true),
  /** On posts and pages, beside the content, following the scroll. */
  floating: z
    .object({
      enabled: z.boolean().default(false),
      position: floatingPositionSchema.default({
        vertical: defaultFloatingTop,
        horizontal: 'left',
      }),
    })
    .default({ enabled: false, position: { vertical: defaultFloatingTop, horizontal: 'left' } }),
  /** On posts and pages, above the content, sticking to the top while the article scrolls. */
  sticky: z.boolean().default(false),
  /** Facebook's page plugin in the footer widget; loads Facebook's SDK after consent. */
  facebookPagePlugin: z.boolean().default(false),
  popup: popupSettingsSchema.default(popupSettingsSchema.parse({})),
});

export type ShareSettings = z.output<typeof shareSettingsSchema>;

export const shareSettingsKey = 'share';
