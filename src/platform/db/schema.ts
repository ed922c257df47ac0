import type { Generated } from 'kysely';

/** Times are epoch milliseconds in both SQLite and PostgreSQL (bigint parsed as number). */
export type EpochMs = number;

export type PostType = 'post' | 'page';
export type PostStatus = 'draft' | 'published' | 'scheduled';

export interface PostsTable {
  id: Generated<number>;
  type: PostType;
  title: string;
  slug: string;
  excerpt: string;
  body_markdown: string;
  body_html: string;
  body_text: string;
  cover_media_id: number | null;
  /** Empty: the title and excerpt stand in (migration 007). */
  seo_title: Generated<string>;
  seo_description: Generated<string>;
  status: PostStatus;
  published_at: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
  /** Raised by every save; a save made from an older one is refused (migration 016). */
  revision: Generated<number>;
  /** The user who saved it last, if a user did (not the CLI or an import). */
  updated_by: Generated<number | null>;
  /** Who wrote it; null for posts from the CLI or an import before any user existed. */
  author_id: Generated<number | null>;
  /** When it was moved to the Trash; null while it is not there (migration 018). */
  trashed_at: Generated<EpochMs | null>;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
}

/** Who made a redirect: an address change, the owner on the Redirects screen or CLI, an import. */
export type RedirectSource = 'auto' | 'owner' | 'import';

/** An old address of the site sent on with a 301 (migration 017, decision 0054). */
export interface RedirectsTable {
  id: Generated<number>;
  /** The old path in its lookup form (`redirectKey`): unique. */
  from_path: string;
  /** Where it goes: a path of this site (with any query) or an absolute URL of another. */
  to_address: string;
  /** The lookup form of `to_address`'s path when it is this site's; null for another site. */
  to_key: string | null;
  status: Generated<number>;
  source: RedirectSource;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface PostTagsTable {
  post_id: number;
  tag_id: number;
  position: number;
}

export interface MediaTable {
  id: Generated<number>;
  file_name: string;
  mime: string;
  width: number;
  height: number;
  alt: string;
  bytes: Uint8Array;
  created_at: EpochMs;
  /** The user who uploaded it; null for imports, the demo and images older than migration 019. */
  uploaded_by: Generated<number | null>;
  /** Its bytes' length, so lists never read the bytes (migration 019). */
  size: Generated<number>;
  /** 1: kept even while nothing uses it; 0: an editor's upload, swept after a day unless used. */
  keep_unused: Generated<number>;
  /** When a saved post, page or setting first used it; null while none has. */
  used_at: Generated<EpochMs | null>;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  created_at: EpochMs;
  /** The newest entry id this administrator has seen in the admin (the sidebar's badge). */
  entries_seen_id: Generated<number>;
  /** administrator, editor or author (features/admin/permissions.ts; migration 020). */
  role: Generated<string>;
}

/** An invitation to become a user, mailed as a link valid 7 days (migration 020). */
export interface UserInvitesTable {
  id: Generated<number>;
  email: string;
  role: string;
  token_hash: string;
  invited_by: number | null;
  created_at: EpochMs;
  expires_at: EpochMs;
  accepted_at: EpochMs | null;
  revoked_at: EpochMs | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface SecretsTable {
  name: string;
  value: string;
}

export interface CountersTable {
  name: string;
  value: number;
}

export interface SubscribersTable {
  id: Generated<number>;
  feed_id: number;
  email: string;
  status: SubscriberStatus;
  created_at: EpochMs;
  confirmed_at: EpochMs | null;
  unsubscribed_at: EpochMs | null;
}

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** A post whose subscribers have been mailed (or that had none when it was published). */
export interface AnnouncedPostsTable {
  post_id: number;
  recipients: number;
  announced_at: EpochMs;
}

export interface FormsTable {
  id: Generated<number>;
  title: string;
  /** The form definition as JSON (see docs/forms.md), validated by formDefinitionSchema. */
  definition: string;
  created_at: EpochMs;
  updated_at: EpochMs;
  /** Raised by every save; a save made from an older one is refused (migration 016). */
  revision: Generated<number>;
  /** The user who saved it last, if a user did (not the CLI or an import). */
  updated_by: Generated<number | null>;
  /** Set when the owner deleted the form but kept its entries; such a form is nowhere else. */
  deleted_at: EpochMs | null;
}

export type FormEntryStatus = 'entry' | 'spam';

export interface FormEntriesTable {
  id: Generated<number>;
  form_id: number;
  status: FormEntryStatus;
  /** Why an entry was judged spam: honeypot, too-fast, … (null for entries). */
  spam_reason: string | null;
  /** JSON: [{ id, type, label, value }] in the form's field order. */
  fields: string;
  page_url: string;
  visitor_id: string | null;
  user_agent: string;
  started_at: EpochMs | null;
  submitted_at: EpochMs;
  created_at: EpochMs;
  /** Hash of form, token and values: the same submission sent twice is stored once. */
  fingerprint: string;
  /** Null for an entry without an order. */
  payment_status: PaymentStatus | null;
  payment_provider: string | null;
  /** The provider's id of the payment (a Stripe PaymentIntent), or the offline order number. */
  payment_reference: string | null;
  /** ISO 4217 code the total is in. */
  currency: string | null;
  /** In the currency's smallest unit. */
  total: number | null;
  /** JSON: the OrderSummary the server computed. */
  order_summary: string | null;
  card_brand: string | null;
  card_last4: string | null;
  coupon_code: string | null;
  /** 1 while the order holds one use of its coupon (taken when stored, given back if it fails). */
  coupon_held: Generated<number>;
  /** 1 when the owner starred the entry. */
  starred: Generated<number>;
}

export type PaymentStatus = 'awaiting' | 'paid' | 'failed' | 'refunded';

/** Where a form file's bytes are: chunks of `form_file_chunks`, or an S3-compatible bucket. */
export type FileBackend = 'database' | 's3';

/** A file sent with a form entry (migration 009); without an entry it is still arriving or unclaimed. */
export interface FormFilesTable {
  id: Generated<number>;
  entry_id: number | null;
  form_id: number;
  field_id: number;
  /** Random, 32 hex digits: the object's name in storage and the file's download address. */
  storage_key: string;
  backend: FileBackend;
  bucket: Generated<string>;
  /** The visitor's name for it, sanitised; metadata only, never a path. */
  name: string;
  /** The type its content was found to be; what a download is served as, when safe. */
  mime: string;
  size: number;
  /** 1 once every byte is stored. */
  complete: Generated<number>;
  created_at: EpochMs;
}

export interface FormFileChunksTable {
  file_id: number;
  seq: number;
  bytes: Uint8Array;
}

export interface FormCouponsTable {
  id: Generated<number>;
  /** Upper case, as visitors' codes are compared. */
  code: string;
  kind: 'percent' | 'fixed';
  /** Hundredths of a percent (1500 = 15%), or the currency's smallest unit. */
  amount: number;
  /** Null: any form. */
  form_id: number | null;
  max_uses: number | null;
  uses: Generated<number>;
  starts_at: EpochMs | null;
  ends_at: EpochMs | null;
  created_at: EpochMs;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  entry_id: number | null;
  type: string;
  received_at: EpochMs;
  /** What was done with it: `applied`, or why it changed nothing (`ignored: …`). */
  outcome: string | null;
}

/** ALTCHA challenges already solved and accepted, by signature, kept until they expire. */
export interface CaptchaSpentChallengesTable {
  signature: string;
  expires_at: EpochMs;
}

export interface RateLimitsTable {
  /** A salted hash of the limited client and what it is limited on; never a raw address. */
  key: string;
  window_start: EpochMs;
  hits: number;
}

/** `held`: waiting for what it is about (an order's payment) before it may be sent. */
export type MailStatus = 'held' | 'pending' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: Generated<number>;
  /** JSON of the message: from, to, subject, text, html, headers. */
  message: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: EpochMs;
  /** Set while one process is sending it, so two never send the same mail. */
  locked_until: EpochMs | null;
  last_error: string | null;
  created_at: EpochMs;
  sent_at: EpochMs | null;
  /** What a held mail waits for (`order:42`); released or dropped together. */
  hold_key: string | null;
}

export type HitType = 'pageview' | 'event';

export interface StatHitsTable {
  id: Generated<number>;
  at: EpochMs;
  /** Days since 1970-01-01 to the hit's calendar date in the site's time zone (stat-days.ts). */
  day: number;
  type: HitType;
  path: string;
  title: string | null;
  /** Host and path of an outside referrer, without its query; null for direct or internal. */
  referrer: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  /** Which advertising click id the address carried (`gclid`, `fbclid`, …), never its value. */
  click_id: string | null;
  screen_width: number | null;
  screen_height: number | null;
  viewport_width: number | null;
  viewport_height: number | null;
  charset: string | null;
  color_depth: number | null;
  event_category: string | null;
  event_action: string | null;
  event_label: string | null;
  event_value: number | null;
  /** A hash: of `_qvid` when the visitor may be recognised, else of the day's salt and client. */
  visitor: string;
}

export interface StatDailyTable {
  dimension: string;
  day: number;
  value: string;
  views: number;
  visitors: number;
  value_total: number;
}

export interface StatRolledDaysTable {
  day: number;
  hits: number;
  rolled_at: EpochMs;
}

export interface StatDropsTable {
  day: number;
  reason: string;
  count: number;
}

export interface StatSaltsTable {
  day: number;
  salt: string;
}

export interface SessionsTable {
  /** SHA-256 of the session cookie's token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: EpochMs;
  /** The absolute end, however much the session is used. */
  expires_at: EpochMs;
  /** When a request last used it, to the minute; null for sessions older than the column. */
  last_seen_at: EpochMs | null;
}

/**
 * Wrong passwords of the last 15 minutes, one row each (features/admin/server/sign-in-throttle.ts);
 * an attempt being checked has its row too, until it proves right.
 */
export interface SignInFailuresTable {
  id: Generated<number>;
  /** A keyed hash of the client's address, never the address. */
  client_key: string;
  /** A keyed hash of the e-mail address tried, whether or not it has an account. */
  account_key: string;
  failed_at: EpochMs;
}

/** One-time links that create the first administrator (features/admin/server/setup-link.ts). */
export interface SetupLinksTable {
  /** SHA-256 of the link's token; the token itself is only ever printed. */
  token_hash: string;
  created_at: EpochMs;
  expires_at: EpochMs;
  used_at: EpochMs | null;
}

/** One choice of one administrator in the admin (features/admin/server/preferences.ts). */
export interface AdminPreferencesTable {
  user_id: number;
  name: string;
  value: string;
  updated_at: EpochMs;
}

/** One day's backup to the folder of Settings → Backups (migration 021); the row is its claim. */
export interface BackupRunsTable {
  /** Days since 1970-01-01 to the date in the site's time zone. */
  day: number;
  started_at: EpochMs;
  finished_at: EpochMs | null;
  /** The file's name in the folder, once written. */
  file: Generated<string>;
  bytes: Generated<number>;
  /** Why it failed, in a line. */
  error: string | null;
}

/** One import from WordPress or Ghost (migration 022): file, options, progress, report, claim. */
export interface ImportRunsTable {
  id: Generated<number>;
  /** 'wordpress' | 'ghost' | 'wpforms' | 'wpforms-entries' | 'ghost-members'. */
  source: string;
  /** The uploaded export, as a path in the data folder (or as given to the command line). */
  file: string;
  /** The file's name as the owner chose it. */
  file_name: string;
  /** JSON: `{ mediaDir?, mediaFrom?, dryRun? }`. */
  options: Generated<string>;
  /** 'waiting' | 'running' | 'done' | 'failed'. */
  status: string;
  phase: Generated<string>;
  done: Generated<number>;
  total: Generated<number>;
  /** JSON: the report (counts per kind, failures with reasons, unknown shortcodes, …). */
  report: Generated<string>;
  error: string | null;
  /** The process working on it, and when it last said so. */
  claimed_by: string | null;
  heartbeat_at: EpochMs | null;
  created_by: number | null;
  created_at: EpochMs;
  started_at: EpochMs | null;
  finished_at: EpochMs | null;
}

/** What one thing of an old site became here (migration 022): a second run's update or skip. */
export interface ImportItemsTable {
  source: string;
  /** The old site's address (WordPress's base site URL, Ghost's url), as the import read it. */
  site: string;
  /** 'author' | 'term' | 'attachment' | 'post' | 'page' | 'form' | 'member' | … */
  kind: string;
  source_id: string;
  /** The id here (a post, a media row, a user, a tag, a form); null when nothing was made. */
  target_id: number | null;
  /** A hash of what was read: unchanged means skipped on the next run. */
  fingerprint: string;
  /** JSON kept with the import record: comments, custom fields Quire has no place for. */
  kept: string | null;
  run_id: number;
  updated_at: EpochMs;
}

export interface Database {
  stat_hits: StatHitsTable;
  stat_daily: StatDailyTable;
  stat_rolled_days: StatRolledDaysTable;
  stat_drops: StatDropsTable;
  stat_salts: StatSaltsTable;
  sessions: SessionsTable;
  setup_links: SetupLinksTable;
  sign_in_failures: SignInFailuresTable;
  admin_preferences: AdminPreferencesTable;
  forms: FormsTable;
  form_entries: FormEntriesTable;
  form_coupons: FormCouponsTable;
  form_files: FormFilesTable;
  form_file_chunks: FormFileChunksTable;
  payment_events: PaymentEventsTable;
  rate_limits: RateLimitsTable;
  captcha_spent_challenges: CaptchaSpentChallengesTable;
  mail_outbox: MailOutboxTable;
  subscribers: SubscribersTable;
  announced_posts: AnnouncedPostsTable;
  posts: PostsTable;
  tags: TagsTable;
  post_tags: PostTagsTable;
  redirects: RedirectsTable;
  media: MediaTable;
  users: UsersTable;
  user_invites: UserInvitesTable;
  settings: SettingsTable;
  secrets: SecretsTable;
  counters: CountersTable;
  backup_runs: BackupRunsTable;
  import_runs: ImportRunsTable;
  import_items: ImportItemsTable;
}
