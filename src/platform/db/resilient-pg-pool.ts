import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * The connection is gone or could not be made, while the server itself is fine or coming
 * back: a restart, a failover, `pg_terminate_backend`, a pooler's idle timeout.
 */
export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // SQLSTATE class 08 (connection exception); 57P01-57P03: the server is shutting down,
    // crashed, or cannot take connections yet.
    if (code.startsWith('08') || /^57P0[1-3]$/.test(code)) return true;
    if (/^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTCONN)$/.test(code)) return true;
  }
  return /Connection terminated|not queryable|Connection ended/i.test(error.message);
}

/**
 * The server refused the statement with an SQLSTATE (no client-side error code starts with
 * a digit or is five letters and digits other than E…): whatever it was, it did not commit.
 */
function refusedByServer(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-DF-Z][0-9A-Z]{4}$/.test(code);
}

const beginsTransaction = (sql: string) => /^\s*(begin|start\s+transaction)\b/i.test(sql);
const endsTransaction = (sql: string) => /^\s*(commit|rollback|end)\b/i.test(sql);
const onlyReads = (sql: string) => /^\s*select\b/i.test(sql);

export type ResilienceOptions = {
  /** How long a statement outside a transaction keeps trying while the connection is lost. */
  retryForMs: number;
  onRetry: (error: unknown) => void;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const backoff = (attempt: number) => Math.min(1000, 25 * 2 ** attempt);

/**
 * A `pg` pool for Kysely that outlives dropped connections. A statement outside a
 * transaction whose connection was lost runs again on a fresh connection when that is
 * certainly safe: it only reads, or the server refused it before it ran. A transaction is
 * never replayed here; it fails, and its caller (which has told nobody anything yet) decides.
 * Making a connection is retried the same way while the server restarts.
 */
export class ResilientPool implements PostgresPool {
  readonly #pool: pg.Pool;
  readonly #resilience: ResilienceOptions;

  constructor(pool: pg.Pool, resilience: ResilienceOptions) {
    this.#pool = pool;
    this.#resilience = resilience;
  }

  get options(): object {
    return this.#pool.options;
  }

  async connect(): Promise<PostgresPoolClient> {
    return new ResilientClient(this, await this.connectWithRetry(Date.now()));
  }

  async connectWithRetry(startedAt: number): Promise<pg.PoolClient> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#pool.connect();
      } catch (error) {
        if (!this.#shouldRetry(error, startedAt)) throw error;
        this.#resilience.onRetry(error);
        await pause(backoff(attempt));
      }
    }
  }

  #shouldRetry(error: unknown, startedAt: number): boolean {
    return isConnectionLoss(error) && Date.now() - startedAt < this.#resilience.retryForMs;
  }

  shouldRetryStatement(error: unknown, sql: string, startedAt: number): boolean {
    return (
      this.#shouldRetry(error, startedAt) &&
      (beginsTransaction(sql) || onlyReads(sql) || refusedByServer(error))
    );
  }

  retried(error: unknown): void {
    this.#resilience.onRetry(error);
  }

  end(): Promise<void> {
    return this.#pool.end();
  }
}

class ResilientClient implements PostgresPoolClient {
  readonly #pool: ResilientPool;
  #client: pg.PoolClient | undefined;
  #inTransaction = false;

  constructor(pool: ResilientPool, client: pg.PoolClient) {
    this.#pool = pool;
    this.#client = client;
  }

  get processID(): number | undefined {
    return (this.#client as { processID?: number } | undefined)?.processID;
  }

  #current(): pg.PoolClient {
    if (!this.#client) throw new Error('The database connection was lost and not replaced');
    return this.#client;
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's overloads (statements and cursors)
  query(...args: any[]): any {
    const [sql, parameters] = args;
    if (typeof sql !== 'string') return this.#current().query(sql);
    return this.#query(sql, parameters as unknown[]);
  }

  async #query<R>(sql: string, parameters: unknown[]): Promise<PostgresQueryResult<R>> {
    const startedAt = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await this.#current().query(sql, parameters);
        if (beginsTransaction(sql)) this.#inTransaction = true;
        return result as unknown as PostgresQueryResult<R>;
      } catch (error) {
        if (this.#inTransaction || !this.#pool.shouldRetryStatement(error, sql, startedAt)) {
          throw error;
        }
        this.#pool.retried(error);
        // The broken connection leaves the pool; the statement runs on a new one.
        this.#current().release(error instanceof Error ? error : true);
        this.#client = undefined;
        await pause(backoff(attempt));
        this.#client = await this.#pool.connectWithRetry(startedAt);
      } finally {
        if (endsTransaction(sql)) this.#inTransaction = false;
      }
    }
  }

  release(destroy?: boolean): void {
    this.#client?.release(destroy);
    this.#client = undefined;
  }
}

/**
 * Runs a transaction again when its connection was lost, for up to `retryForMs`. Only for
 * transactions that are safe to repeat even when the lost one did commit (the server could
 * not say so before the connection went): a unique key that makes the repeat a no-op.
 */
export async function retryWhileConnectionLost<T>(
  run: () => Promise<T>,
  retryForMs = 10_000,
): Promise<T> {
  const startedAt = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isConnectionLoss(error) || Date.now() - startedAt >= retryForMs) throw error;
      await pause(backoff(attempt));
    }
  }
}
