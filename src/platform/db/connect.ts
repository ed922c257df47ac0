import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { type Config, ConfigError } from '../config.ts';
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
    pool.on('connect', (client) => client.on('error', trouble));
    const resilient = new ResilientPool(pool, {
      retryForMs: options.retryForMs ?? 10_000,
      onRetry: trouble,
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

/** The file, and its folder when missing; a path that cannot be one says so in plain words. */
function openSqliteFile(file: string): DatabaseSync {
  try {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    return new DatabaseSync(file);
  } catch (error) {
    throw new ConfigError(
      `DATABASE_URL: cannot open the SQLite database "${file}": ${(error as Error).message}`,
    );
  }
}
