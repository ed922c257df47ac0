import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

/**
 * Kysely dialect for Node's built-in `node:sqlite`, so SQLite needs no native addon.
 * One connection serves the process; a queue hands it to one caller at a time, which keeps a
 * transaction's statements from interleaving with other requests' queries.
 */
export class NodeSqliteDialect implements Dialect {
  readonly #open: () => DatabaseSync;

  constructor(open: () => DatabaseSync) {
    this.#open = open;
  }

  createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
  createDriver(): Driver {
    return new NodeSqliteDriver(this.#open);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/**
 * SQLite's schema changes take part in transactions as its rows do, so Kysely's migrator may
 * run a start's migrations in one, as it does on PostgreSQL: a migration that fails leaves the
 * database as it was before the start, not half changed (decision 0058). Kysely's own adapter
 * says otherwise only because some SQLite drivers start transactions of their own.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class NodeSqliteDriver implements Driver {
  readonly #open: () => DatabaseSync;
  #connection: NodeSqliteConnection | undefined;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(open: () => DatabaseSync) {
    this.#open = open;
  }

  /**
   * Opens the connection. Two processes opening a new database at once meet its lock while one
   * turns on write-ahead logging: the other waits and tries again, as every statement does.
   */
  async init(): Promise<void> {
    const deadline = Date.now() + busyRetryForMs;
    for (let attempt = 0; ; attempt++) {
      try {
        this.#connection = new NodeSqliteConnection(this.#open());
        return;
      } catch (error) {
        if (!isBusy(error) || Date.now() >= deadline) throw error;
        await pause(Math.min(20, 1 + attempt) * (0.5 + Math.random()));
      }
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.#connection!;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    this.#connection?.close();
    this.#connection = undefined;
  }
}

const statementCacheSize = 256;

/**
 * Another process holds the write lock (SQLITE_BUSY). SQLite's own busy handler would sleep
 * in C and freeze this process's event loop for every request it serves, so the connection
 * waits only briefly there (`busy_timeout`, connect.ts) and retries here with timers.
 */
const busyRetryForMs = 5000;
export const isBusy = (error: unknown) =>
  error instanceof Error && 'errcode' in error && (error.errcode === 5 || error.errcode === 6);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class NodeSqliteConnection implements DatabaseConnection {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, { statement: StatementSync; reader: boolean }>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  #prepare(sql: string) {
    let cached = this.#statements.get(sql);
    if (!cached) {
      const statement = this.#db.prepare(sql);
      cached = { statement, reader: statement.columns().length > 0 };
      if (this.#statements.size >= statementCacheSize) {
        const oldest = this.#statements.keys().next().value;
        if (oldest !== undefined) this.#statements.delete(oldest);
      }
      this.#statements.set(sql, cached);
    }
    return cached;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const deadline = Date.now() + busyRetryForMs;
    for (let attempt = 0; ; attempt++) {
      try {
        return this.#execute<R>(compiledQuery);
      } catch (error) {
        // A statement that met a lock did not run, so running it again is safe.
        if (!isBusy(error) || Date.now() >= deadline) throw error;
        await pause(Math.min(20, 1 + attempt) * (0.5 + Math.random()));
      }
    }
  }

  #execute<R>(compiledQuery: CompiledQuery): QueryResult<R> {
    const { statement, reader } = this.#prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters.map(toSqliteValue);
    if (reader) {
      // node:sqlite rows have a null prototype; give callers ordinary objects.
      const rows = statement.all(...parameters).map((row) => ({ ...row }) as R);
      return { rows };
    }
    const { changes, lastInsertRowid } = statement.run(...parameters);
    return {
      rows: [],
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered by this dialect
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The node:sqlite dialect does not stream; use execute()');
  }

  close(): void {
    this.#statements.clear();
    this.#db.close();
  }
}

function toSqliteValue(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  if (value === undefined) return null;
  return value as SQLInputValue;
}
