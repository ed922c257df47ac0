import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { sql } from 'kysely';
import type { DatabaseHandle, Db } from '../../../platform/db/connect.ts';
import { dayIn, foldGraceMs, lastFoldableDay } from '../stat-days.ts';
import { rollupDimensions, rollupSelect } from './rollup-sql.ts';

/**
 * Folding and trimming the raw hits (docs/decisions/0017-stats-rollups.md). A complete day
 * is folded once: one transaction inserts its `stat_rolled_days` claim and its `stat_daily`
 * rows, so two processes (or a crash halfway) can never fold a day twice or in part. Raw hits
 * of folded days older than `rawDays` are then deleted in small chunks.
 */

export type FoldedDay = { day: number; hits: number };

export type MaintenanceOptions = {
  now?: number;
  /** The site's time zone, whose calendar days the hits are counted in (UTC by default). */
  timeZone?: string;
  /** Checked between days and chunks: a stopping process leaves the rest to the next pass. */
  shouldStop?: () => boolean;
};

/** Raw hits deleted per statement, so a big deletion never holds the write lock for long. */
export const trimChunkSize = 5000;

/** The distinct days that have raw hits, from `after` + 1 to `through`, in order. */
async function rawHitDays(db: Db, after: number, through: number): Promise<number[]> {
  const days: number[] = [];
  // One index probe per day with hits, however many hits each has.
  for (let previous = after; ; ) {
    const row = await db
      .selectFrom('stat_hits')
      .select((eb) => eb.fn.min('day').as('day'))
      .where('day', '>', previous)
      .where('day', '<=', through)
      .executeTakeFirst();
    if (row?.day === null || row?.day === undefined) return days;
    previous = Number(row.day);
    days.push(previous);
  }
}

async function claimedDays(db: Db, first: number, last: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('stat_rolled_days')
    .select('day')
    .where('day', '>=', first)
    .where('day', '<=', last)
    .execute();
  return new Set(rows.map((row) => Number(row.day)));
}

/** Rollup rows inserted per statement (6 parameters each). */
const rowsPerInsert = 500;

/**
 * Folds one day unless another process did, and returns the number of hits folded, or
 * undefined when the day was claimed already. The day's rows are summed up first, outside the
 * transaction, so that SQLite's single writer is held only for the claim and the inserts (a
 * complete day's hits no longer change). Then one transaction inserts the claim and the rows:
 * a concurrent folder of the same day waits for it (PostgreSQL) or for the write lock (SQLite)
 * and then finds the claim, and a crash leaves neither.
 */
export async function foldDay(
  database: DatabaseHandle,
  day: number,
  now = Date.now(),
): Promise<number | undefined> {
  const { db } = database;
  const claimed = await db
    .selectFrom('stat_rolled_days')
    .select('day')
    .where('day', '=', day)
    .executeTakeFirst();
  if (claimed) return undefined;
  const days = sql<boolean>`day = ${day}`;
  // One statement per dimension: node:sqlite runs a statement synchronously, and short ones
  // let the process serve requests in between (PostgreSQL runs them side by side).
  const [counted, ...rollups] = await Promise.all([
    db
      .selectFrom('stat_hits')
      .select((eb) => eb.fn.countAll<number>().as('hits'))
      .where('day', '=', day)
      .executeTakeFirstOrThrow(),
    ...rollupDimensions.map((dimension) => rollupSelect(dimension, days).execute(db)),
  ]);
  const hits = Number(counted.hits);
  const rows = rollups
    .flatMap((rollup) => rollup.rows)
    .map((row) => ({
      dimension: row.dimension,
      day,
      value: row.value,
      views: Number(row.views),
      visitors: Number(row.visitors),
      value_total: Number(row.value_total),
    }));
  return db.transaction().execute(async (trx) => {
    const claim = await trx
      .insertInto('stat_rolled_days')
      .values({ day, hits, rolled_at: now })
      .onConflict((c) => c.column('day').doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
    for (let i = 0; i < rows.length; i += rowsPerInsert) {
      await trx
        .insertInto('stat_daily')
        .values(rows.slice(i, i + rowsPerInsert))
        .execute();
    }
    return hits;
  });
}

/**
 * Folds every complete day that is not folded yet, oldest first: the days from the oldest raw
 * hit to the last complete one (`lastFoldableDay`), empty days included, so that a report's
 * unfolded days are only the recent ones.
 */
export async function foldCompleteDays(
  database: DatabaseHandle,
  options: MaintenanceOptions & { graceMs?: number } = {},
): Promise<FoldedDay[]> {
  const now = options.now ?? Date.now();
  const last = lastFoldableDay(now, options.graceMs ?? foldGraceMs, options.timeZone);
  const oldest = await database.db
    .selectFrom('stat_hits')
    .select((eb) => eb.fn.min('day').as('day'))
    .executeTakeFirst();
  if (oldest?.day === null || oldest?.day === undefined) return [];
  const first = Number(oldest.day);
  const claimed = await claimedDays(database.db, first, last);
  const folded: FoldedDay[] = [];
  for (let day = first; day <= last; day++) {
    if (claimed.has(day)) continue;
    if (options.shouldStop?.()) break;
    const hits = await foldDay(database, day, now);
    if (hits !== undefined) folded.push({ day, hits });
  }
  return folded;
}

export type TrimResult = {
  days: number[];
  deletedHits: number;
  /**
   * Raw hits of trimmed days beyond what their fold counted: hits written after their day was
   * folded (past the grace period), which no report counts. Should stay 0; logged when not.
   */
  lateHits: number;
};

/**
 * Deletes the raw hits of folded days older than `rawDays` (kept: today and the `rawDays`
 * days before it), `trimChunkSize` at a time. A day that is not folded keeps its hits.
 */
export async function trimRawHits(
  database: DatabaseHandle,
  options: MaintenanceOptions & { rawDays: number; chunkSize?: number },
): Promise<TrimResult> {
  const { db } = database;
  const keepFrom = dayIn(options.now ?? Date.now(), options.timeZone ?? 'UTC') - options.rawDays;
  const chunkSize = options.chunkSize ?? trimChunkSize;
  const days = await rawHitDays(db, -1, keepFrom - 1);
  if (days.length === 0) return { days: [], deletedHits: 0, lateHits: 0 };
  const claims = await db
    .selectFrom('stat_rolled_days')
    .select(['day', 'hits'])
    .where('day', '>=', days[0] as number)
    .where('day', '<=', days.at(-1) as number)
    .execute();
  const foldedHits = new Map(claims.map((claim) => [Number(claim.day), Number(claim.hits)]));
  const result: TrimResult = { days: [], deletedHits: 0, lateHits: 0 };
  for (const day of days) {
    const folded = foldedHits.get(day);
    if (folded === undefined) continue;
    result.days.push(day);
    const raw = await db
      .selectFrom('stat_hits')
      .select((eb) => eb.fn.countAll<number>().as('hits'))
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    result.lateHits += Math.max(0, Number(raw.hits) - folded);
    for (;;) {
      if (options.shouldStop?.()) return result;
      const deleted = await db
        .deleteFrom('stat_hits')
        .where('id', 'in', (eb) =>
          eb.selectFrom('stat_hits').select('id').where('day', '=', day).limit(chunkSize),
        )
        .executeTakeFirst();
      const count = Number(deleted.numDeletedRows);
      result.deletedHits += count;
      // Another process trimming the same day may have taken some; go on until none is left.
      if (count === 0) break;
      await yieldToEvents();
    }
  }
  return result;
}

export type MaintenanceResult = { folded: FoldedDay[]; trimmed: TrimResult };

/** One maintenance pass: fold the complete days, then trim the raw hits past retention. */
export async function foldAndTrim(
  database: DatabaseHandle,
  options: MaintenanceOptions & { rawDays: number },
): Promise<MaintenanceResult> {
  const folded = await foldCompleteDays(database, options);
  const trimmed = await trimRawHits(database, options);
  return { folded, trimmed };
}
