import type { Insertable } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { StatHitsTable } from '../../../platform/db/schema.ts';
import type { Logger } from '../../../platform/log.ts';

export type NewHit = Insertable<StatHitsTable>;

/** Why a request was not counted; each reason is counted per day in stat_drops. */
export type DropReason =
  | 'disabled'
  | 'too-long'
  | 'prefetch'
  | 'robot'
  | 'do-not-track'
  | 'owner'
  | 'invalid'
  | 'overload';

// The same 100-row statement every time is prepared once and reused (most chunks are full);
// 2,600 parameters stay far under SQLite's and PostgreSQL's limits.
const rowsPerInsert = 100;

export type HitBatcherOptions = {
  db: Db;
  log: Logger;
  /** The most hits one transaction writes; more wait for the next one, which follows at once. */
  maxPerWrite?: number;
  /** Past this many waiting hits (the database is down), new ones are dropped as `overload`. */
  maxWaiting?: number;
};

type DropCount = { day: number; reason: DropReason; count: number };

/** Called once the transaction holding a hit or a drop count has committed. */
type Stored = (stored: true) => void;

/**
 * Writes hits and drop counts as they come, each transaction taking everything that arrived
 * while the one before it ran: a hit alone on a quiet site, hundreds together under load, so a
 * burst costs the database a few multi-row inserts rather than one write each. Each promise
 * resolves once the transaction holding its hit has committed; whoever waits for it knows the
 * hit cannot be lost any more. A failed write keeps its hits and is tried again shortly.
 */
export class HitBatcher {
  private hits: { row: NewHit; stored: Stored }[] = [];
  private drops = new Map<string, DropCount>();
  private dropsStored: Stored[] = [];
  /** Hits in the transaction under way; they count against `maxWaiting` until it commits. */
  private inFlight = 0;
  private writing: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private failures = 0;
  private readonly maxPerWrite: number;
  private readonly maxWaiting: number;

  private readonly options: HitBatcherOptions;

  constructor(options: HitBatcherOptions) {
    this.options = options;
    this.maxPerWrite = options.maxPerWrite ?? 5000;
    this.maxWaiting = options.maxWaiting ?? 200_000;
  }

  /** Queues a hit; resolves with true once it is stored, or false at once if it cannot wait. */
  add(hit: NewHit): Promise<boolean> {
    if (this.hits.length + this.inFlight >= this.maxWaiting) {
      void this.drop(hit.day, 'overload');
      return Promise.resolve(false);
    }
    return new Promise((resolve) => {
      this.hits.push({ row: hit, stored: resolve });
      this.start();
    });
  }

  /** Counts a request that was not counted as a hit; resolves once the count is stored. */
  drop(day: number, reason: DropReason, count = 1): Promise<boolean> {
    this.countDrop(day, reason, count);
    return new Promise((resolve) => {
      this.dropsStored.push(resolve);
      this.start();
    });
  }

  /** Writes what is waiting now, without waiting for a retry's pause; resolves when done or failed. */
  flush(): Promise<void> {
    clearTimeout(this.retry);
    this.retry = undefined;
    return this.start();
  }

  /**
   * Writes everything waiting, trying again while the database cannot take it (it restarts,
   * a failover), until `withinMs` has passed. Resolves with the number of hits left unstored.
   */
  async drain(withinMs: number, now = Date.now): Promise<number> {
    const deadline = now() + withinMs;
    for (let attempt = 0; ; attempt++) {
      await this.flush();
      if (this.waiting === 0 || now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, pause(attempt)));
    }
    clearTimeout(this.retry);
    this.retry = undefined;
    return this.hits.length;
  }

  /** Hits and drop counts not yet stored. */
  get waiting(): number {
    return this.hits.length + this.inFlight + this.drops.size;
  }

  private countDrop(day: number, reason: DropReason, count: number): void {
    const key = `${day}:${reason}`;
    const entry = this.drops.get(key);
    if (entry) entry.count += count;
    else this.drops.set(key, { day, reason, count });
  }

  /** Starts writing unless a write is under way (it takes these next) or a retry waits. */
  private start(): Promise<void> {
    if (this.retry) return Promise.resolve();
    this.writing ??= (async () => {
      // What arrives in the same turn of the event loop (a burst) goes into one transaction.
      await new Promise((resolve) => setImmediate(resolve));
      try {
        while (this.hits.length > 0 || this.drops.size > 0) {
          if (!(await this.writeNext())) {
            this.retry = setTimeout(
              () => {
                this.retry = undefined;
                void this.start();
              },
              pause(this.failures++),
            );
            return;
          }
          this.failures = 0;
        }
      } finally {
        this.writing = undefined;
      }
    })();
    return this.writing;
  }

  /** Writes the oldest waiting hits and every drop count in one transaction. */
  private async writeNext(): Promise<boolean> {
    const hits = this.hits.splice(0, this.maxPerWrite);
    const drops = [...this.drops.values()];
    const dropsStored = this.dropsStored;
    this.drops = new Map();
    this.dropsStored = [];
    this.inFlight = hits.length;
    try {
      await this.options.db.transaction().execute(async (trx) => {
        for (let start = 0; start < hits.length; start += rowsPerInsert) {
          await trx
            .insertInto('stat_hits')
            .values(hits.slice(start, start + rowsPerInsert).map((hit) => hit.row))
            .execute();
        }
        for (const { day, reason, count } of drops) {
          await trx
            .insertInto('stat_drops')
            .values({ day, reason, count })
            .onConflict((c) =>
              c.columns(['day', 'reason']).doUpdateSet((eb) => ({
                count: eb('stat_drops.count', '+', eb.ref('excluded.count')),
              })),
            )
            .execute();
        }
      });
    } catch (error) {
      this.options.log.error('Could not store page-view hits; trying again', {
        hits: hits.length,
        error: error instanceof Error ? error.message : String(error),
      });
      this.hits = hits.concat(this.hits);
      for (const { day, reason, count } of drops) this.countDrop(day, reason, count);
      this.dropsStored = dropsStored.concat(this.dropsStored);
      return false;
    } finally {
      this.inFlight = 0;
    }
    for (const hit of hits) hit.stored(true);
    for (const stored of dropsStored) stored(true);
    return true;
  }
}

/** The pause before trying a failed write again: 50 ms, doubling, at most a second. */
function pause(attempt: number): number {
  return Math.min(1000, 50 * 2 ** attempt);
}
