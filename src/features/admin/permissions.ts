/**
 * What each owner write and screen needs its user to be allowed, by name, and what each role
 * holds (decision 0060). Isomorphic, so a screen can leave out what its user may not do; the
 * server checks every write and screen against the same sets.
 */
export const permissions = [
  /** Write, publish and delete one's own posts, with their images. */
  'posts',
  /** The same for everyone's posts. */
  'othersPosts',
  /** Pages: write, publish, delete. */
  'pages',
  /** Tags: rename, change their address, delete. */
  'tags',
  /** Upload images, change and delete one's own. */
  'media',
  /** Change and delete everyone's images. */
  'othersMedia',
  /** Redirects from old addresses: add, import, delete. */
  'redirects',
  /** Form definitions: build, import, duplicate, delete. */
  'forms',
  /** Form entries: read, star, mark spam, delete. */
  'entries',
  /** Payments and coupons. */
  'payments',
  /** Subscribers: import, resend the confirmation, remove. */
  'subscribers',
  /** The statistics. */
  'stats',
  /** The site's settings, the test mail that checks them, and removing the demo. */
  'settings',
  /**
   * Imports from another site (decision 0066): they make users, posts, pages, forms, subscribers
   * and redirects at once, so only administrators hold it.
   */
  'import',
  /** The mail outbox: send now, discard. */
  'outbox',
  /** Users: invite, change roles, remove. */
  'users',
  /** One's own account and preferences: password, sign-out, the dashboard's notice. */
  'account',
] as const;

export type Permission = (typeof permissions)[number];

export const roles = ['administrator', 'editor', 'author'] as const;

export type Role = (typeof roles)[number];

const editor: readonly Permission[] = [
  'posts',
  'othersPosts',
  'pages',
  'tags',
  'media',
  'othersMedia',
  'redirects',
  'account',
];

/** What each role holds: an administrator everything; an editor the content; an author their own posts. */
export const rolePermissions: Record<Role, ReadonlySet<Permission>> = {
  administrator: new Set(permissions),
  editor: new Set(editor),
  author: new Set<Permission>(['posts', 'media', 'account']),
};

/** What an administrator holds: every permission. */
export const administratorPermissions: ReadonlySet<Permission> = rolePermissions.administrator;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/** A stored role read back; anything unknown holds the least (an author's). */
export function permissionsOf(role: string): ReadonlySet<Permission> {
  return rolePermissions[isRole(role) ? role : 'author'];
}
