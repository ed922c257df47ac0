import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { sql } from 'kysely';
import type { DatabaseHandle, Db } from '../../../platform/db/connect.ts';
import type { SubscriberStatus } from '../../../platform/db/schema.ts';
import { takeRateLimit } from '../../../platform/rate-limit.ts';
import { readCsv } from '../csv-rows.ts';
import { siteFeedId, tagFeedId, tagFeedIdBase } from '../feeds.ts';
import { serverShareMessages } from '../messages.ts';
import {
  type FeedChoice,
  type ImportMode,
  type ImportNote,
  type ImportReport,
  subscriberAdminMessages as messages,
  type SubscriberFilter,
  type SubscriberRow,
  subscriberStatuses,
} from '../subscriber-admin.ts';
import { isSubscribableEmail } from '../subscription-rules.ts';
import {
  normaliseEmail,
  queueConfirmationMail,
  type SiteForMail,
  subscriptionRateLimits,
} from './subscriptions.ts';

/** Rows per page of the list. */
export const subscribersPerPage = 25;

/** Rows read at a time by the export, and addresses looked up or inserted at a time. */
const batchSize = 500;

/** Every feed one can subscribe to: the whole site first, then each topic by name. */
export async function subscriberFeeds(db: Db, siteTitle: string): Promise<FeedChoice[]> {
  const tags = await db.selectFrom('tags').select(['id', 'name']).orderBy('name').execute();
  return [
    { id: siteFeedId, title: messages.siteFeed(siteTitle) },
    ...tags.map((tag) => ({
      id: tagFeedId(tag.id),
      title: messages.topicFeed(tag.name),
      tagName: tag.name,
    })),
  ];
}

/** A feed's name on the screen, also for a topic removed since (its subscribers stay). */
export function feedName(feeds: readonly FeedChoice[], feedId: number): string {
  return feeds.find((feed) => feed.id === feedId)?.title ?? messages.removedFeed(feedId);
}

type Filterable = Pick<SubscriberFilter, 'feedId' | 'status' | 'search'>;

/** `%`, `_` and the escape itself are literal in the owner's search. */
const containsPattern = (search: string) =>
  `%${normaliseEmail(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: Db, filter: Filterable) {
  let query = db.selectFrom('subscribers');
  if (filter.feedId !== undefined) query = query.where('feed_id', '=', filter.feedId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.search) {
    // Addresses are stored in lower case; LIKE with an explicit escape reads alike on both.
    query = query.where(sql<boolean>`email like ${containsPattern(filter.search)} escape '\\'`);
  }
  return query;
}

const toRow = (
  feeds: readonly FeedChoice[],
  row: {
    id: number;
    feed_id: number;
    email: string;
    status: SubscriberStatus;
    created_at: number;
    confirmed_at: number | null;
    unsubscribed_at: number | null;
  },
): SubscriberRow => ({
  id: row.id,
  feedId: row.feed_id,
  feedTitle: feedName(feeds, row.feed_id),
  email: row.email,
  status: row.status,
  createdAt: Number(row.created_at),
  confirmedAt: row.confirmed_at === null ? null : Number(row.confirmed_at),
  unsubscribedAt: row.unsubscribed_at === null ? null : Number(row.unsubscribed_at),
});

const columns = [
  'id',
  'feed_id',
  'email',
  'status',
  'created_at',
  'confirmed_at',
  'unsubscribed_at',
] as const;

export type SubscriberList = {
  rows: SubscriberRow[];
  total: number;
  page: number;
  pageCount: number;
  /** How many of each status the picked feed (or all feeds) has, search and status aside. */
  counts: Record<SubscriberStatus, number>;
};

/** One page of the list, newest first, and the totals the screen states. */
export async function listSubscribers(
  db: Db,
  feeds: readonly FeedChoice[],
  filter: SubscriberFilter,
): Promise<SubscriberList> {
  const [{ total }, byStatus] = await Promise.all([
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
    filtered(db, { feedId: filter.feedId, status: undefined, search: '' })
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
      .groupBy('status')
      .execute(),
  ]);
  const count = Number(total);
  const pageCount = Math.max(1, Math.ceil(count / subscribersPerPage));
  const page = Math.min(filter.page, pageCount);
  const rows = await filtered(db, filter)
    .select(columns)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(subscribersPerPage)
    .offset((page - 1) * subscribersPerPage)
    .execute();
  const counts = Object.fromEntries(subscriberStatuses.map((s) => [s, 0])) as Record<
    SubscriberStatus,
    number
  >;
  for (const row of byStatus) counts[row.status] = Number(row.count);
  return { rows: rows.map((row) => toRow(feeds, row)), total: count, page, pageCount, counts };
}

/** The export's columns; the import reads its `email` column, so an export imports back. */
export const exportHeader = [
  'email',
  'feed',
  'feed_id',
  'status',
  'subscribed_at',
  'confirmed_at',
  'unsubscribed_at',
];

const isoOrEmpty = (time: number | null) => (time === null ? '' : new Date(time).toISOString());

/** Every subscriber the filter selects, as CSV records, read a batch at a time (oldest first). */
export async function* exportSubscriberRecords(
  db: Db,
  feeds: readonly FeedChoice[],
  filter: Filterable,
): AsyncGenerator<string[]> {
  yield exportHeader;
  let after = 0;
  for (;;) {
    const batch = await filtered(db, filter)
      .select(columns)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    for (const raw of batch) {
      const row = toRow(feeds, raw);
      yield [
        row.email,
        row.feedTitle,
        String(row.feedId),
        row.status,
        isoOrEmpty(row.createdAt),
        isoOrEmpty(row.confirmedAt),
        isoOrEmpty(row.unsubscribedAt),
      ];
    }
    if (batch.length < batchSize) return;
    after = (batch.at(-1) as { id: number }).id;
  }
}

export type ResendOutcome = 'sent' | 'gone' | 'limited' | 'confirmed' | 'unsubscribed';

/**
 * The owner sends a pending subscriber the confirmation mail again: the same mail and link as
 * the subscription page's, within the same limit of 3 confirmation mails per address a day.
 * Confirmed and unsubscribed people are never sent one.
 */
export async function resendConfirmation(
  { db }: DatabaseHandle,
  site: SiteForMail,
  feeds: readonly FeedChoice[],
  id: number,
  now = Date.now(),
): Promise<ResendOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('subscribers')
      .select(['id', 'feed_id', 'email', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return 'gone';
    if (row.status !== 'pending') return row.status;
    const limit = await takeRateLimit(
      trx,
      site.secret,
      subscriptionRateLimits.perAddress,
      row.email,
      now,
    );
    if (!limit.allowed) return 'limited';
    const feed = { id: row.feed_id, title: mailFeedTitle(feeds, row.feed_id, site.siteTitle) };
    await queueConfirmationMail(
      trx,
      site,
      feed,
      { id: row.id, feedId: row.feed_id, email: row.email },
      now,
    );
    return 'sent';
  });
}

/** A feed's title as mails to readers name it (the subscription page's words). */
function mailFeedTitle(feeds: readonly FeedChoice[], feedId: number, siteTitle: string): string {
  if (feedId === siteFeedId || feedId <= tagFeedIdBase) {
    return serverShareMessages.feedTitle(siteTitle);
  }
  const topic = feeds.find((feed) => feed.id === feedId);
  return serverShareMessages.feedTitle(siteTitle, topic?.tagName);
}

/** One subscriber's address and feed, for the question asked before removing them. */
export async function findSubscriber(
  db: Db,
  feeds: readonly FeedChoice[],
  id: number,
): Promise<{ id: number; email: string; feedTitle: string } | undefined> {
  const row = await db
    .selectFrom('subscribers')
    .select(['id', 'email', 'feed_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, feedTitle: feedName(feeds, row.feed_id) };
}

/** Removes a subscriber for good; false when there was none. */
export async function removeSubscriber(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('subscribers').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

const headerNames = new Set(['email', 'e-mail', 'email address', 'e-mail address', 'mail']);

/**
 * Adds the addresses of a CSV file to one feed (decision 0041). Each line is checked with the
 * subscription box's rule; a bad line is reported with its number and the good ones are added
 * all the same. An address already on the list is left as it is, and one that unsubscribed is
 * never subscribed again. New people are pending (double opt-in) and mailed only when
 * `sendMails` is asked, or confirmed when the owner has their consent (never mailed). A dry run
 * (`dryRun`) counts what it would add and writes nothing.
 */
export async function importSubscribers(
  { db }: DatabaseHandle,
  site: SiteForMail,
  request: {
    feed: FeedChoice;
    mode: ImportMode;
    sendMails: boolean;
    text: string;
    dryRun?: boolean;
  },
  now = Date.now(),
): Promise<ImportReport> {
  const { feed, mode } = request;
  const sendMails = mode === 'pending' && request.sendMails;
  const read = readCsv(request.text);
  const notes: ImportNote[] = [];
  const firstCells = read.rows[0]?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
  const headerColumn = firstCells.findIndex((cell) => headerNames.has(cell));
  const column = Math.max(0, headerColumn);
  const lines = headerColumn === -1 ? read.rows : read.rows.slice(1);
  const firstLine = new Map<string, number>();
  for (const { line, cells } of lines) {
    const raw = (cells[column] ?? '').trim();
    if (!isSubscribableEmail(raw)) {
      notes.push({ line, kind: 'invalid', message: messages.invalidAddress(raw) });
      continue;
    }
    const email = normaliseEmail(raw);
    const earlier = firstLine.get(email);
    if (earlier !== undefined) {
      notes.push({ line, kind: 'duplicate', message: messages.duplicateOf(earlier) });
      continue;
    }
    firstLine.set(email, line);
  }
  const report: ImportReport = {
    feedTitle: feed.title,
    mode,
    added: 0,
    mailed: 0,
    unchanged: 0,
    keptUnsubscribed: 0,
    refused: notes.length,
    notes,
    ...(read.ok ? {} : { fileError: messages.unclosedQuote(read.line) }),
  };
  if (firstLine.size === 0) {
    if (read.ok && notes.length === 0) report.fileError = messages.emptyFile;
    return report;
  }
  const mailFeed = { id: feed.id, title: mailFeedTitle([feed], feed.id, site.siteTitle) };
  const addresses = [...firstLine.keys()];
  // A transaction per batch: the database's write lock is held a moment at a time (SQLite has
  // one), not for a whole file of mails; importing the file again completes a broken import.
  for (let start = 0; start < addresses.length; start += batchSize) {
    const batch = addresses.slice(start, start + batchSize);
    await db.transaction().execute(async (trx) => {
      const existing = new Map(
        (
          await trx
            .selectFrom('subscribers')
            .select(['email', 'status'])
            .where('feed_id', '=', feed.id)
            .where('email', 'in', batch)
            .execute()
        ).map((row) => [row.email, row.status]),
      );
      const fresh: string[] = [];
      for (const email of batch) {
        const status = existing.get(email);
        const line = firstLine.get(email) as number;
        if (status === undefined) fresh.push(email);
        else if (status === 'unsubscribed') {
          report.keptUnsubscribed++;
          notes.push({ line, kind: 'unsubscribed', message: messages.keptUnsubscribed });
        } else {
          report.unchanged++;
          notes.push({ line, kind: 'existing', message: messages.alreadyListed(status) });
        }
      }
      if (fresh.length === 0) return;
      if (request.dryRun) {
        report.added += fresh.length;
        return;
      }
      // Someone subscribing at this very moment wins: their row is kept, ours is not added.
      const inserted = await trx
        .insertInto('subscribers')
        .values(
          fresh.map((email) => ({
            feed_id: feed.id,
            email,
            status: mode,
            created_at: now,
            confirmed_at: mode === 'confirmed' ? now : null,
          })),
        )
        .onConflict((c) => c.columns(['feed_id', 'email']).doNothing())
        .returning(['id', 'email'])
        .execute();
      report.added += inserted.length;
      report.unchanged += fresh.length - inserted.length;
      if (!sendMails) return;
      for (const row of inserted) {
        const limit = await takeRateLimit(
          trx,
          site.secret,
          subscriptionRateLimits.perAddress,
          row.email,
          now,
        );
        if (!limit.allowed) {
          notes.push({
            line: firstLine.get(row.email) as number,
            kind: 'limited',
            message: messages.mailLimited,
          });
          continue;
        }
        await queueConfirmationMail(
          trx,
          site,
          mailFeed,
          { id: row.id, feedId: feed.id, email: row.email },
          now,
        );
        report.mailed++;
      }
    });
  }
  notes.sort((a, b) => a.line - b.line);
  return report;
}

/**
 * The export as a byte stream: records read a batch at a time and written as
 * CSV (UTF-8 with a byte-order mark, so spreadsheets read it right; cells a spreadsheet would
 * run as a formula escaped), read on as it is taken.
 */
export function subscribersCsvStream(
  db: Db,
  feeds: readonly FeedChoice[],
  filter: Filterable,
): Readable {
  return Readable.from(exportSubscriberRecords(db, feeds, filter)).pipe(
    stringify({ escape_formulas: true, bom: true, record_delimiter: 'windows' }),
  );
}
