import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { parse as parsePostgresUrl } from 'pg-connection-string';
import { type Config, ConfigError } from '../config.ts';
import { ensureWritableFolder, folderProblem } from '../writable-folder.ts';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import { ResilientPool } from './resilient-pg-pool.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = Config['database']['kind'];

export type Db = Kysely<Database>;

export type DatabaseHandle = { db: Db; kind: DatabaseKind };

const int8 = 20;
const numeric = 1700;

export type ConnectOptions = {
  /** Told when a PostgreSQL connection is lost or cannot be made (it is replaced). */
  onConnectionTrouble?: (message: string) => void;
  /** How long a statement outside a transaction is retried while connections are lost. */
  retryForMs?: number;
  /** Shown in `pg_stat_activity`; the app's own sessions are `quire`. */
  applicationName?: string;
};

/** Names the app's PostgreSQL sessions in `pg_stat_activity`. */
export const postgresApplicationName = 'quire';

export function connectDatabase(
  database: Config['database'],
  options: ConnectOptions = {},
): DatabaseHandle {
  if (database.kind === 'postgres') {
    const trouble = (error: unknown) =>
      options.onConnectionTrouble?.(
        `Database connection lost: ${error instanceof Error ? error.message : String(error)}`,
      );
    // Loaded here, not at the top: a site on SQLite never needs it (1.4 MB of heap a process).
    const { Pool, types } = createRequire(import.meta.url)('pg') as typeof pg;
    const pool = new Pool({
      connectionString: database.url,
      application_name: options.applicationName ?? postgresApplicationName,
      max: 10,
      types: {
        // Epoch-millisecond times and counts fit a double exactly; read them as numbers.
        getTypeParser: (oid: number, format?: 'text' | 'binary') =>
          oid === int8 || oid === numeric ? Number : types.getTypeParser(oid, format),
      },
    });
    // Without these listeners a connection the server ends (a restart, a failover, a
    // pooler's idle timeout) raises an unhandled 'error' event and ends the process.
    // The pool's own event repeats what the connection's listener has already reported.
    pool.on('error', () => {});
    // Until a first connection is made nothing was lost: the start waits for the server
    // quietly, and says in one line why it gave up (checkDatabaseReachable).
    let connected = false;
    pool.on('connect', (client) => {
      connected = true;
      client.on('error', trouble);
    });
    const resilient = new ResilientPool(pool, {
      retryForMs: options.retryForMs ?? 10_000,
      onRetry: (error) => {
        if (connected) trouble(error);
      },
    });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: resilient }) }),
      kind: 'postgres',
    };
  }
  const file = database.file;
  return {
    kind: 'sqlite',
    db: new Kysely<Database>({
      dialect: new NodeSqliteDialect(() => {
        const sqlite = openSqliteFile(file);
        try {
          // A locked database is waited for with timers, not in SQLite's busy handler, which
          // would freeze the event loop (node-sqlite-dialect.ts retries this whole opening).
          sqlite.exec(
            'pragma busy_timeout = 5; pragma journal_mode = wal; pragma synchronous = normal; pragma foreign_keys = on;',
          );
        } catch (error) {
          sqlite.close();
          throw error;
        }
        return sqlite;
      }),
    }),
  };
}

/**
 * Makes a first connection at start (waiting while a PostgreSQL server is coming up, as every
 * connection does), so a server that cannot be reached, or that refuses the user, stops the
 * start with one line naming DATABASE_URL and the host, never the password, instead of a
 * stack trace from the first query.
 */
export async function checkDatabaseReachable(
  handle: DatabaseHandle,
  database: Config['database'],
): Promise<void> {
  if (database.kind !== 'postgres') return;
  try {
    await sql`select 1`.execute(handle.db);
  } catch (error) {
    const { host, port, password } = parsePostgresUrl(database.url);
    const address = `${host || 'localhost'}:${port || 5432}`;
    throw new ConfigError(
      `DATABASE_URL: cannot connect to PostgreSQL at ${address}: ${reasonOf(error, password)}`,
    );
  }
}

/** What went wrong, in one line, with the password taken out should the message hold it. */
function reasonOf(error: unknown, password: string | undefined): string {
  // Node's attempt at each address of a name (localhost: ::1, 127.0.0.1) has only a code.
  const reason =
    error instanceof Error
      ? error.message || String((error as { code?: unknown }).code ?? error.name)
      : String(error);
  const oneLine = reason.replace(/\s+/g, ' ').trim();
  return password ? oneLine.replaceAll(password, '***') : oneLine;
}

/** The file, and its folder when missing; a path that cannot be one says so in plain words. */
function openSqliteFile(file: string): DatabaseSync {
  if (file === ':memory:') return new DatabaseSync(file);
  // SQLite writes its journal beside the file, so the folder itself must take writes.
  const folder = dirname(resolve(file));
  try {
    ensureWritableFolder(folder);
    return new DatabaseSync(file);
  } catch (error) {
    const problem = folderProblem(folder, error);
    throw new ConfigError(
      problem
        ? `DATABASE_URL: ${problem}, and SQLite keeps the database "${file}" and its journal there; make it a folder this user may write, or choose another path`
        : `DATABASE_URL: cannot open the SQLite database "${file}": ${(error as Error).message}`,
    );
  }
}
