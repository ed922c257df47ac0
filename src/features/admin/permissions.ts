/**
 * What each owner write needs its user to be allowed, by name. Every user today is an
 * administrator and holds them all; roles that hold fewer (Editor, Author) only need to say
 * which they hold. Isomorphic, so a screen can leave out what its user may not do.
 */
export const permissions = [
  /** Posts, pages and their images. */
  'posts',
  /** Tags: rename, change a tag's address, delete (its posts stay). */
  'tags',
  /** Redirects from old addresses: add, delete, import. */
  'redirects',
  /** Form definitions: build, import, duplicate, delete. */
  'forms',
  /** Form entries: star, mark spam, delete. */
  'entries',
  /** Payments and coupons. */
  'payments',
  /** Subscribers: import, resend the confirmation, remove. */
  'subscribers',
  /** The site's settings, and the test mail that checks them. */
  'settings',
  /** The mail outbox: send now, discard. */
  'outbox',
  /** One's own account and preferences: password, sign-out, the dashboard's notice. */
  'account',
] as const;

export type Permission = (typeof permissions)[number];

/** What an administrator holds: every permission. */
export const administratorPermissions: ReadonlySet<Permission> = new Set(permissions);
