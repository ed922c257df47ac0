import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../db/connect.ts';

// biome-ignore lint/suspicious/noExplicitAny: a snapshot reads tables whatever the schema types say
export type SnapshotDb = Kysely<any>;

/**
 * Runs `read` in one read-only transaction that sees the database as it was when it began,
 * however long it takes and whatever the site writes meanwhile: on PostgreSQL a REPEATABLE READ
 * READ ONLY transaction, on SQLite a deferred transaction whose first read fixes its snapshot
 * of the write-ahead log (writers go on; the log is checkpointed once it ends).
 *
 * The handle should be the backup's own: on SQLite a process has one connection, and a long
 * transaction on the site's would hold every request's query behind it.
 */
export async function withSnapshot<T>(
  handle: DatabaseHandle,
  read: (db: SnapshotDb) => Promise<T>,
): Promise<T> {
  return handle.db.connection().execute(async (connection) => {
    if (handle.kind === 'postgres') {
      await sql`begin transaction isolation level repeatable read, read only`.execute(connection);
    } else {
      await sql`begin deferred`.execute(connection);
      // The snapshot is taken at the first read, not at `begin`.
      await sql`select count(*) from sqlite_schema`.execute(connection);
    }
    try {
      const result = await read(connection as SnapshotDb);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
  });
}
