import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './connect.ts';
import { holderIsGone, holderName, thisMachine, withStartupLock } from './startup-lock.ts';

const opened: { handle: DatabaseHandle; dir: string }[] = [];
afterEach(async () => {
  for (const { handle, dir } of opened.splice(0)) {
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** An SQLite database whose startup lease is held by `holder` until `expiresAt`. */
async function leaseHeldBy(holder: string, expiresAt: number): Promise<DatabaseHandle> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-lock-'));
  const handle = connectDatabase({ kind: 'sqlite', file: join(dir, 'lock.db') });
  opened.push({ handle, dir });
  await sql`create table startup_lock (
    name text primary key, holder text not null, expires_at integer not null)`.execute(handle.db);
  await sql`insert into startup_lock (name, holder, expires_at)
    values ('startup', ${holder}, ${expiresAt})`.execute(handle.db);
  return handle;
}

/** The number of a process that ran on this machine and has ended. */
function endedPid(): number {
  const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(ended.stdout);
}

/** Runs under the lock: whether it had to wait, and when its work ran. */
async function underLock(handle: DatabaseHandle): Promise<{ waited: boolean; ranAt: number }> {
  let waited = false;
  const ranAt = await withStartupLock(handle, async () => Date.now(), {
    onWait: () => {
      waited = true;
    },
  });
  return { waited, ranAt };
}

describe('the SQLite startup lease (decision 0070)', () => {
  it('is taken at once from a process of this machine that no longer runs', async () => {
    const expiresAt = Date.now() + 60_000;
    const handle = await leaseHeldBy(holderName(thisMachine(), endedPid()), expiresAt);
    const { waited, ranAt } = await underLock(handle);
    expect(waited).toBe(false);
    expect(ranAt).toBeLessThan(expiresAt);
  });

  it('is waited for while its holder runs, until its lease runs out', async () => {
    const alive = spawn('sleep', ['30']);
    try {
      const expiresAt = Date.now() + 400;
      const handle = await leaseHeldBy(holderName(thisMachine(), alive.pid!), expiresAt);
      const { waited, ranAt } = await underLock(handle);
      expect(waited).toBe(true);
      expect(ranAt).toBeGreaterThanOrEqual(expiresAt);
    } finally {
      alive.kill();
    }
  });

  it('never takes a holder of another machine, or one without a process, for gone', () => {
    const pid = endedPid();
    expect(holderIsGone(holderName(thisMachine(), pid))).toBe(true);
    expect(holderIsGone(holderName('another-host/pid:[1]', pid))).toBe(false);
    expect(holderIsGone('0b6c0a52-5d8a-4c57-9a55-3f1f8e0f7c11')).toBe(false);
    expect(holderIsGone(holderName(thisMachine(), process.pid))).toBe(false);
  });
});
