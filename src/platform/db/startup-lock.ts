import { randomUUID } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { DatabaseHandle } from './connect.ts';
import { isBusy } from './node-sqlite-dialect.ts';

export type StartupLockOptions = {
  /** Said once when another process holds the lock, so a slow start is explained. */
  onWait?: () => void;
  /** SQLite: a holder that stops renewing its lease (it crashed) loses the lock after this. */
  leaseMs?: number;
};

// Any fixed number: the advisory lock every Quire process of one database agrees on.
const postgresLockKey = 7_100_711;

/**
 * Runs `work` (migrations, the secret, the first administrator, the demo content) while no
 * other process of the site does: instances started together by a deploy, the CLI beside a
 * running site. PostgreSQL holds a session advisory lock, released by the server even when
 * the process dies; SQLite, which has none, holds a renewed lease row.
 */
export async function withStartupLock<T>(
  handle: DatabaseHandle,
  work: () => Promise<T>,
  options: StartupLockOptions = {},
): Promise<T> {
  return handle.kind === 'postgres'
    ? withAdvisoryLock(handle, work, options)
    : withLeaseLock(handle, work, options);
}

async function withAdvisoryLock<T>(
  handle: DatabaseHandle,
  work: () => Promise<T>,
  options: StartupLockOptions,
): Promise<T> {
  // One reserved connection holds the lock for the whole of `work`, which uses the others.
  return handle.db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(${postgresLockKey}) as locked`.execute(connection);
    if (!rows[0]?.locked) {
      options.onWait?.();
      await sql`select pg_advisory_lock(${postgresLockKey})`.execute(connection);
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${postgresLockKey})`.execute(connection);
    }
  });
}

async function withLeaseLock<T>(
  handle: DatabaseHandle,
  work: () => Promise<T>,
  options: StartupLockOptions,
): Promise<T> {
  const { db } = handle;
  const leaseMs = options.leaseMs ?? 30_000;
  const holder = holderName(thisMachine(), process.pid);
  // Before the migrations, which are what it guards: the table cannot be one of them.
  await sql`create table if not exists startup_lock (
    name text primary key, holder text not null, expires_at integer not null)`.execute(db);
  const take = async () => {
    const now = Date.now();
    // A holder of this machine that no longer runs (killed while it started) gave up its lease
    // with its life: taken at once, rather than after the lease's 30 s.
    const { rows: held } = await sql<{ holder: string }>`
      select holder from startup_lock where name = 'startup'`.execute(db);
    const gone = held[0] && holderIsGone(held[0].holder) ? held[0].holder : '';
    try {
      await sql`insert into startup_lock (name, holder, expires_at)
        values ('startup', ${holder}, ${now + leaseMs})
        on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
        where startup_lock.expires_at < ${now} or startup_lock.holder = ${holder}
          or startup_lock.holder = ${gone}`.execute(db);
    } catch (error) {
      // The holder's migrations run in one transaction, which keeps the file's write lock for
      // as long as they take: a process that cannot write meanwhile is still waiting its turn.
      if (isBusy(error)) return false;
      throw error;
    }
    const { rows } = await sql<{ holder: string }>`
      select holder from startup_lock where name = 'startup'`.execute(db);
    return rows[0]?.holder === holder;
  };
  for (let attempt = 0; !(await take()); attempt++) {
    if (attempt === 0) options.onWait?.();
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 150));
  }
  const renew = setInterval(() => void take().catch(() => {}), leaseMs / 3);
  try {
    return await work();
  } finally {
    clearInterval(renew);
    await sql`delete from startup_lock where name = 'startup' and holder = ${holder}`.execute(db);
  }
}

/**
 * The processes a lease holder's number is known among: the machine's name and, on Linux, its
 * process namespace (two containers of one machine number their processes apart).
 */
export function thisMachine(): string {
  let namespace = '';
  try {
    namespace = readlinkSync('/proc/self/ns/pid');
  } catch {
    // Not Linux: the machine's name alone.
  }
  return `${hostname()}/${namespace}`;
}

/** A lease holder's name: where it runs, its process number, and a random part of its own. */
export function holderName(machine: string, pid: number): string {
  return `${machine}:${pid}:${randomUUID()}`;
}

/**
 * Whether `holder` names a process of this machine (and process namespace) that no longer runs.
 * A holder elsewhere (a database on a shared disk, another container), or one written before
 * holders were named, is never taken for gone: its lease runs out instead.
 */
export function holderIsGone(holder: string): boolean {
  const match = /^(.+):(\d+):[0-9a-f-]{36}$/.exec(holder);
  if (!match || match[1] !== thisMachine()) return false;
  const pid = Number(match[2]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
