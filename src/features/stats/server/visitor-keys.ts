import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../../platform/db/connect.ts';

/** The key of a visitor who may be recognised by `_qvid`: keyed, so the cookie is not stored. */
export function cookieVisitorKey(secret: string, visitorId: string): string {
  return `q${createHmac('sha256', secret).update(visitorId).digest('base64url').slice(0, 22)}`;
}

/**
 * The key of a visitor without `_qvid`: a hash of the day's salt, the client address and the
 * user agent. The address is never stored, and once the salt is deleted (the next day) no one
 * can tell whose hash it was or link it to the same visitor on another day.
 */
export function saltedVisitorKey(salt: string, address: string, userAgent: string): string {
  const hash = createHash('sha256').update(`${salt}\n${address}\n${userAgent}`).digest();
  return `h${hash.toString('base64url').slice(0, 22)}`;
}

/**
 * Each day's salt, shared by every instance through the database: the first instance to need
 * it creates it, the others read that one. Yesterday's and older salts are deleted then.
 */
export class DailySalts {
  private current: { day: number; salt: Promise<string> } | undefined;

  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  saltFor(day: number): Promise<string> {
    if (this.current?.day !== day) {
      const salt = this.loadOrCreate(day);
      this.current = { day, salt };
      // A failed read is not kept: the next hit tries again.
      salt.catch(() => {
        if (this.current?.salt === salt) this.current = undefined;
      });
    }
    return this.current.salt;
  }

  private async loadOrCreate(day: number): Promise<string> {
    await this.db
      .insertInto('stat_salts')
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflict((c) => c.column('day').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('stat_salts')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    await this.db.deleteFrom('stat_salts').where('day', '<', day).execute();
    return row.salt;
  }
}
