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
  /** The longest a hit waits in memory: a crash loses at most this window's hits. */
  windowMs: number;
  /** A batch this large is written at once rather than at the end of its window. */
  flushAt?: number;
  /** Past this many waiting hits (the database is down), new ones are dropped as `overload`. */
  maxWaiting?: number;
};

/**
 * Keeps hits and drop counts in memory for one window, then writes them in one transaction,
 * so a burst of hits costs the database a few multi-row inserts rather than one write each.
 * A failed write keeps its hits for the next window.
 */
export class HitBatcher {
  private hits: NewHit[] = [];
  private drops = new Map<string, { day: number; reason: DropReason; count: number }>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;
  private readonly flushAt: number;
  private readonly maxWaiting: number;

  private readonly options: HitBatcherOptions;

  constructor(options: HitBatcherOptions) {
    this.options = options;
    this.flushAt = options.flushAt ?? 5000;
    this.maxWaiting = options.maxWaiting ?? 200_000;
  }

  add(hit: NewHit): void {
    if (this.hits.length >= this.maxWaiting) {
      this.drop(hit.day, 'overload');
      return;
    }
    this.hits.push(hit);
    if (this.hits.length >= this.flushAt) void this.flush();
    else this.schedule();
  }

  drop(day: number, reason: DropReason, count = 1): void {
    const key = `${day}:${reason}`;
    const entry = this.drops.get(key);
    if (entry) entry.count += count;
    else this.drops.set(key, { day, reason, count });
    this.schedule();
  }

  /** Writes what is waiting now; resolves when it (and any write before it) is done. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    // A write that has not started yet takes every hit added until it starts: asking again
    // (each hit past `flushAt` does) waits for that one rather than queueing another.
    this.queued ??= this.writing.then(() => {
      this.queued = undefined;
      return this.write();
    });
    this.writing = this.queued;
    return this.queued;
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
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    return this.hits.length;
  }

  /** Hits and drop counts not yet stored. */
  get waiting(): number {
    return this.hits.length + this.drops.size;
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => void this.flush(), this.options.windowMs);
  }

  private async write(): Promise<void> {
    const hits = this.hits;
    const drops = [...this.drops.values()];
    if (hits.length === 0 && drops.length === 0) return;
    this.hits = [];
    this.drops = new Map();
    try {
      await this.options.db.transaction().execute(async (trx) => {
        for (let start = 0; start < hits.length; start += rowsPerInsert) {
          await trx
            .insertInto('stat_hits')
            .values(hits.slice(start, start + rowsPerInsert))
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
      const waiting = hits.concat(this.hits);
      this.hits = waiting.slice(0, this.maxWaiting);
      for (const hit of waiting.slice(this.maxWaiting)) this.drop(hit.day, 'overload');
      for (const drop of drops) this.drop(drop.day, drop.reason, drop.count);
      this.schedule();
    }
  }
}
