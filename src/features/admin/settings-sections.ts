// Over 500 lines on purpose: the table of every settings tab and field is one declaration that
// the screen and the server both read; split, a tab's fields would drift from their checks.
import { z } from 'zod';
import { mailSettingsSchema } from '../../platform/mail/mail-settings.ts';
import { captchaSettingsSchema } from '../forms/captcha-settings.ts';
import { fileSettingsSchema } from '../forms/file-settings.ts';
import { paymentSettingsSchema } from '../payments/payment-settings.ts';
import { shareSettingsSchema } from '../share/share-settings.ts';
import { siteSettingsSchema } from '../site/site-settings.ts';
import { statsSettingsSchema } from '../stats/stats-settings.ts';
import { adminMessages } from './messages.ts';

/**
 * The settings screen's tabs: each one form over one settings group, with the schema both the
 * browser and the server check it against (the group's own, narrowed to the fields the tab
 * shows). The server saves only those fields; the group's others keep their value.
 */

/**
 * The stored settings group a field belongs to: the site's (the default), statistics', mail's
 * or sharing's.
 */
export type SettingsGroup = 'site' | 'stats' | 'mail' | 'share' | 'payments' | 'captcha' | 'files';

/** One input of a settings form. */
export type SettingsField = {
  name: string;
  label: string;
  /**
   * `image`: an uploaded image's id (or null), chosen with an upload button. `secret`: a key
   * never shown again once saved; left empty, a save keeps the one stored.
   */
  kind: 'text' | 'textarea' | 'number' | 'checkbox' | 'select' | 'image' | 'secret';
  hint?: string;
  /** For `select`: the values offered, each with what it says to the owner. */
  options?: readonly { value: string; label: string }[];
  group?: SettingsGroup;
};

/**
 * A group's fields as a tab edits them: every one must be sent, since a default standing in for
 * a missing value would overwrite what the owner had set.
 */
function editable<Shape extends z.ZodRawShape>(shape: Shape) {
  const fields: Record<string, z.core.$ZodType> = {};
  for (const [name, field] of Object.entries(shape)) {
    fields[name] = field instanceof z.ZodDefault ? field.unwrap() : field;
  }
  return z.object(fields) as unknown as z.ZodObject<{
    -readonly [Name in keyof Shape]: Shape[Name] extends z.ZodDefault<infer Inner extends z.ZodType>
      ? Inner
      : Shape[Name];
  }>;
}

const languageTag = z
  .string()
  .trim()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'Use a language tag such as en, en-GB or de.');

export const settingsSections = {
  site: {
    label: 'Site',
    schema: editable(
      siteSettingsSchema.pick({
        title: true,
        description: true,
        copyProtection: true,
        postsPerPage: true,
        footerText: true,
        timeZone: true,
        logoImageId: true,
        defaultShareImageId: true,
      }).shape,
    ).extend({ locale: languageTag }),
    fields: [
      { name: 'title', label: 'Site title', kind: 'text' },
      {
        name: 'logoImageId',
        label: 'Logo',
        kind: 'image',
        hint: 'Shown in the header before the title, 40 pixels high. A PNG with a transparent background suits most.',
      },
      {
        name: 'description',
        label: 'Description',
        kind: 'textarea',
        hint: 'Shown by search engines and when a page of the site is shared.',
      },
      {
        name: 'defaultShareImageId',
        label: 'Share image',
        kind: 'image',
        hint: 'Shown when a page without a cover image of its own is shared or pinned. 1200 by 630 pixels suits most networks.',
      },
      {
        name: 'locale',
        label: 'Language',
        kind: 'text',
        hint: 'A language tag such as en, en-GB or de: browsers and screen readers read the site in it.',
      },
      {
        name: 'timeZone',
        label: 'Time zone',
        kind: 'text',
        hint: 'A name such as UTC, Europe/Paris or America/New_York. Post dates, the archive’s months, the statistics’ days and the times you schedule posts for are in it.',
      },
      { name: 'postsPerPage', label: 'Posts per page', kind: 'number', hint: 'From 1 to 50.' },
      {
        name: 'footerText',
        label: 'Footer text',
        kind: 'text',
        hint: 'Shown after the copyright line. {site} stands for the site’s title.',
      },
      {
        name: 'copyProtection',
        label: 'Copy protection',
        kind: 'checkbox',
        hint: 'Copied text carries a link back to its page.',
      },
    ],
  },
  header: {
    label: 'Header',
    /** Its own form (HeaderSettings.tsx): the menu is a list of links with submenus. */
    form: 'header',
    schema: editable(siteSettingsSchema.pick({ desktopBreakPoint: true, menu: true }).shape),
    fields: [
      {
        name: 'desktopBreakPoint',
        label: 'Desktop header from (px)',
        kind: 'number',
        hint: 'Narrower windows get the phone header with its menu button. From 320 to 4000.',
      },
      { name: 'menu', label: 'Menu', kind: 'text' },
    ],
  },
  sharing: {
    label: 'Sharing',
    /** Its own form (SharingSettings.tsx): icons in order, follow links, placement, pop-up. */
    form: 'sharing',
    schema: editable(shareSettingsSchema.shape),
    fields: [
      'icons',
      'follow',
      'mastodonInstance',
      'widget',
      'floating',
      'sticky',
      'facebookPagePlugin',
      'popup',
    ].map((name) => ({ name, label: name, kind: 'text', group: 'share' }) as const),
  },
  privacy: {
    label: 'Privacy and statistics',
    schema: editable(siteSettingsSchema.pick({ visitorId: true }).shape).extend(
      editable(statsSettingsSchema.shape).shape,
    ),
    fields: [
      {
        name: 'enabled',
        label: 'Count page views',
        kind: 'checkbox',
        group: 'stats',
        hint: 'Pages carry the statistics beacon, about 1 KB; no third party sees the visits.',
      },
      {
        name: 'respectDoNotTrack',
        label: 'Leave out visitors who ask not to be tracked',
        kind: 'checkbox',
        group: 'stats',
        hint: 'Browsers sending Do Not Track or Global Privacy Control.',
      },
      {
        name: 'visitorId',
        label: 'Recognise returning visitors with a cookie',
        kind: 'select',
        options: [
          {
            value: 'with-consent',
            label: 'Only after the visitor agrees (the cookie banner asks)',
          },
          { value: 'always', label: 'Always, without asking' },
          { value: 'off', label: 'Never: every visit counts anonymously' },
        ],
        hint: 'The cookie holds a random number, kept for this site’s own statistics.',
      },
    ],
  },
  payments: {
    label: 'Payments',
    schema: editable(paymentSettingsSchema.shape).refine(
      (s) => s.decimalSeparator !== s.thousandsSeparator,
      {
        message: 'The thousands separator must differ from the decimal separator.',
        path: ['thousandsSeparator'],
      },
    ),
    fields: [
      {
        name: 'currencyCode',
        label: 'Currency',
        kind: 'text',
        group: 'payments',
        hint: 'The ISO 4217 code every price is charged in, such as USD, EUR, GBP or JPY.',
      },
      { name: 'currencySymbol', label: 'Symbol', kind: 'text', group: 'payments' },
      {
        name: 'currencySymbolPosition',
        label: 'Symbol position',
        kind: 'select',
        group: 'payments',
        options: [
          { value: 'left', label: 'Before the amount: $12.50' },
          { value: 'right', label: 'After the amount: 12,50 €' },
        ],
      },
      {
        name: 'currencyDecimals',
        label: 'Decimals',
        kind: 'number',
        group: 'payments',
        hint: 'Digits after the decimal separator, from 0 to 4: 2 for most currencies, 0 for JPY. Prices in forms are whole numbers of the smallest unit, so change this only with the currency.',
      },
      {
        name: 'decimalSeparator',
        label: 'Decimal separator',
        kind: 'select',
        group: 'payments',
        options: [
          { value: '.', label: 'Point: 12.50' },
          { value: ',', label: 'Comma: 12,50' },
        ],
      },
      {
        name: 'thousandsSeparator',
        label: 'Thousands separator',
        kind: 'select',
        group: 'payments',
        options: [
          { value: ',', label: 'Comma: 1,000' },
          { value: '.', label: 'Point: 1.000' },
          { value: ' ', label: 'Space: 1 000' },
          { value: "'", label: "Apostrophe: 1'000" },
          { value: '', label: 'None: 1000' },
        ],
      },
      {
        name: 'provider',
        label: 'Take payments',
        kind: 'select',
        group: 'payments',
        options: [
          { value: 'offline', label: 'Offline: orders are paid later, as the instructions say' },
          { value: 'stripe', label: 'By card, with Stripe' },
        ],
        hint: 'A form may choose its own. By card needs both Stripe keys: without them a card form takes no orders, and this screen and the form builder say so.',
      },
      {
        name: 'offlineInstructions',
        label: 'Payment instructions',
        kind: 'textarea',
        group: 'payments',
        hint: 'Shown after an offline order and mailed with it (Markdown). A form may have its own.',
      },
      {
        name: 'stripePublishableKey',
        label: 'Stripe publishable key',
        kind: 'text',
        group: 'payments',
        hint: 'pk_test_… or pk_live_…: the one key pages may carry.',
      },
      {
        name: 'stripeSecretKey',
        label: 'Stripe secret key',
        kind: 'secret',
        group: 'payments',
        hint: 'sk_… or a restricted rk_… key. Kept on the server and never shown again; left empty, a save keeps the one saved.',
      },
      {
        name: 'stripeWebhookSecret',
        label: 'Stripe webhook signing secret',
        kind: 'secret',
        group: 'payments',
        hint: 'whsec_…: Stripe signs the events it sends to /payments/stripe/webhook with it. Kept like the secret key.',
      },
      {
        name: 'stripeScriptUrl',
        label: 'Stripe.js address',
        kind: 'text',
        group: 'payments',
        hint: 'Where pages load Stripe’s browser library from, when a visitor reaches a card field.',
      },
    ],
  },
  captcha: {
    label: 'Captcha',
    schema: editable(captchaSettingsSchema.shape),
    fields: [
      {
        name: 'provider',
        label: 'Captcha service',
        kind: 'select',
        group: 'captcha',
        options: [
          { value: 'altcha', label: 'ALTCHA (on this site)' },
          { value: 'hcaptcha', label: 'hCaptcha' },
          { value: 'recaptcha', label: 'Google reCAPTCHA (v2 checkbox)' },
          { value: 'turnstile', label: 'Cloudflare Turnstile' },
        ],
        hint: 'Used by every form with a captcha field. ALTCHA is a proof of work this site checks itself: it needs no keys and sends nothing to another site; the others load their script from their own servers. Without both keys, forms use ALTCHA.',
      },
      {
        name: 'siteKey',
        label: 'Site key',
        kind: 'text',
        group: 'captcha',
        hint: 'The public key from the service’s dashboard (hCaptcha, reCAPTCHA or Turnstile): the one key pages carry.',
      },
      {
        name: 'secretKey',
        label: 'Secret key',
        kind: 'secret',
        group: 'captcha',
        hint: 'The service’s secret, with which the server checks each answer. Kept on the server and never shown again; left empty, a save keeps the one saved.',
      },
    ],
  },
  files: {
    label: 'Files',
    schema: editable(fileSettingsSchema.shape),
    fields: [
      {
        name: 'uploadLimitMb',
        label: 'Upload limit (MB)',
        kind: 'number',
        group: 'files',
        hint: 'What the files of one form submission may come to together, from 1 to 1024. Forms with file fields say so, and refuse more before sending.',
      },
      {
        name: 'storage',
        label: 'Keep files in',
        kind: 'select',
        group: 'files',
        options: [
          { value: 'database', label: 'The database' },
          { value: 's3', label: 'S3-compatible object storage' },
        ],
        hint: 'The database is reached by every instance of the site, with nothing else to run. Files already kept stay where they are; new ones go here.',
      },
      {
        name: 's3Endpoint',
        label: 'S3 endpoint',
        kind: 'text',
        group: 'files',
        hint: 'The service’s address, such as https://s3.example.net; empty for Amazon S3.',
      },
      { name: 's3Region', label: 'S3 region', kind: 'text', group: 'files' },
      { name: 's3Bucket', label: 'S3 bucket', kind: 'text', group: 'files' },
      { name: 's3AccessKeyId', label: 'S3 access key ID', kind: 'text', group: 'files' },
      {
        name: 's3SecretAccessKey',
        label: 'S3 secret access key',
        kind: 'secret',
        group: 'files',
        hint: 'Kept on the server and never shown again; left empty, a save keeps the one saved.',
      },
    ],
  },
  mail: {
    label: 'Mail',
    schema: editable(mailSettingsSchema.shape),
    fields: [
      {
        name: 'senderName',
        label: 'Sender name',
        kind: 'text',
        group: 'mail',
        hint: 'Empty: the site’s title.',
      },
      {
        name: 'senderAddress',
        label: 'Sender address',
        kind: 'text',
        group: 'mail',
        hint: 'Empty: the server’s MAIL_FROM, or no-reply at the site’s address. A mail server may take only some senders: send a test mail after a change.',
      },
      {
        name: 'serverHost',
        label: 'Mail server',
        kind: 'text',
        group: 'mail',
        hint: 'Your mail provider’s SMTP server, such as smtp.example.net. Empty: no mail server, and mail is kept in a folder on the server where nobody reads it.',
      },
      {
        name: 'serverPort',
        label: 'Port',
        kind: 'number',
        group: 'mail',
        hint: 'Usually 587 with STARTTLS, or 465 with TLS.',
      },
      {
        name: 'serverSecurity',
        label: 'Security',
        kind: 'select',
        group: 'mail',
        options: [
          { value: 'starttls', label: 'STARTTLS (port 587)' },
          { value: 'tls', label: 'TLS from the start (port 465)' },
          { value: 'none', label: 'None (a relay on this machine or network only)' },
        ],
      },
      {
        name: 'serverUser',
        label: 'User name',
        kind: 'text',
        group: 'mail',
        hint: 'Often your e-mail address or an API key’s name. Empty: the server takes mail without signing in.',
      },
      {
        name: 'serverPassword',
        label: 'Password',
        kind: 'secret',
        group: 'mail',
        hint: 'Kept on the server and never shown again; left empty, a save keeps the one saved.',
      },
    ],
  },
} as const satisfies Record<
  string,
  {
    label: string;
    schema: z.ZodObject;
    fields: readonly SettingsField[];
    /** A tab with a form of its own; the others list their fields. */
    form?: 'header' | 'sharing';
  }
>;

export type SettingsSectionName = keyof typeof settingsSections;

/** A tab's checked values, split by the settings group each is stored in. */
export function valuesByGroup(
  section: SettingsSectionName,
  values: Record<string, unknown>,
): Record<SettingsGroup, Record<string, unknown>> {
  const groups: Record<SettingsGroup, Record<string, unknown>> = {
    site: {},
    stats: {},
    mail: {},
    share: {},
    payments: {},
    captcha: {},
    files: {},
  };
  const fields: readonly SettingsField[] = settingsSections[section].fields;
  for (const field of fields) {
    if (field.name in values) groups[field.group ?? 'site'][field.name] = values[field.name];
  }
  return groups;
}

export function isSettingsSection(name: unknown): name is SettingsSectionName {
  return typeof name === 'string' && Object.hasOwn(settingsSections, name);
}

/**
 * The field errors of a failed parse, by field name (a path for a nested one: `menu.0.label`,
 * `popup.fontColor`): the first message of each.
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join('.');
    errors[name] ??= issue.message;
  }
  return errors;
}

/**
 * Plain messages for zod's issues, for the browser and the server alike; a message the schema
 * words itself (the language tag's) takes precedence.
 */
export function settingsIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'number' ? 'Enter a number.' : 'Enter a value.';
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? 'This cannot be empty.'
          : `Use at least ${issue.minimum} characters.`;
      }
      return `Enter at least ${issue.minimum}.`;
    case 'too_big':
      return issue.origin === 'string'
        ? `Use at most ${issue.maximum} characters.`
        : `Enter at most ${issue.maximum}.`;
    case 'invalid_format':
      return 'This is not in the right form.';
    default:
      return undefined;
  }
}

/** Checks one tab's values: the parsed settings, or each field's message. */
export function parseSettingsSection(
  section: SettingsSectionName,
  values: unknown,
):
  | { ok: true; values: Record<string, unknown> }
  | { ok: false; fieldErrors: Record<string, string> } {
  const { schema } = settingsSections[section];
  const parsed = schema.safeParse(values, { error: settingsIssueMessage });
  if (parsed.success) return { ok: true, values: parsed.data as Record<string, unknown> };
  const issues = parsed.error.issues.map((issue) => {
    const range = outOfRange(issue) ? numberRangeAt(schema, issue.path) : undefined;
    return range ? { ...issue, message: adminMessages.numberRange(range.min, range.max) } : issue;
  });
  return { ok: false, fieldErrors: fieldErrors(issues) };
}

const outOfRange = (issue: z.core.$ZodIssue) =>
  (issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number';

/**
 * The bounds of the number setting at a path of a tab's schema, when it has both: a number out
 * of range is told the whole range ("from 1 to 1024"), not only the bound it crossed.
 */
export function numberRangeAt(
  schema: z.core.$ZodType,
  path: readonly PropertyKey[],
): { min: number; max: number } | undefined {
  let current: z.core.$ZodType | undefined = schema;
  for (const key of path) {
    current = unwrapped(current);
    if (current instanceof z.ZodObject) current = current.shape[String(key)];
    else if (current instanceof z.ZodArray) current = current.element;
    else return undefined;
  }
  current = unwrapped(current);
  if (current instanceof z.ZodUnion) {
    current = current.options.find((option) => unwrapped(option) instanceof z.ZodNumber);
    current = unwrapped(current);
  }
  if (!(current instanceof z.ZodNumber)) return undefined;
  const { minValue: min, maxValue: max } = current;
  return min !== null && max !== null && Number.isFinite(min) && Number.isFinite(max)
    ? { min, max }
    : undefined;
}

/** A setting's schema without its default, optional or nullable wrapper. */
function unwrapped(schema: z.core.$ZodType | undefined): z.core.$ZodType | undefined {
  let current = schema;
  while (
    current instanceof z.ZodDefault ||
    current instanceof z.ZodOptional ||
    current instanceof z.ZodNullable
  ) {
    current = current.unwrap();
  }
  return current;
}
