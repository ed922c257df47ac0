/**
 * Integration files run side by side, one per vitest worker, and a file empties the whole
 * PostgreSQL database it uses. So each worker gets a database of its own, named after
 * TEST_DATABASE_URL's (`test` → `w1_test`, `w2_test`; `ci_test` → `ci_w1_test`) and made the
 * first time; the names still end in `test`, which `testDatabaseUrl` requires.
 *
 * `postgres-worker-setup.ts` (the integration project's `setupFiles`) switches to it in the
 * worker; this module's default export is its `globalSetup`, whose teardown drops them.
 */
import pg from 'pg';
import { testDatabaseUrl } from './databases.ts';

const baseKey = 'QUIRE_TEST_DATABASE_BASE';

/** What the workers' database names start with: the given name without its `test`. */
function namesStem(baseUrl: string): string {
  return databaseName(testDatabaseUrl(baseUrl)).slice(0, -'test'.length);
}

export function workerDatabaseUrl(baseUrl: string, poolId: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${namesStem(baseUrl)}w${poolId}_test`;
  return url.toString();
}

async function onBase<T>(baseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

/** vitest's setupFiles: before each file, TEST_DATABASE_URL becomes this worker's database. */
export async function switchToWorkerDatabase(): Promise<void> {
  const baseUrl = process.env[baseKey] ?? process.env.TEST_DATABASE_URL;
  const poolId = process.env.VITEST_POOL_ID;
  if (!baseUrl || !poolId) return;
  const url = workerDatabaseUrl(baseUrl, poolId);
  const name = databaseName(url);
  await onBase(baseUrl, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  });
  process.env[baseKey] = baseUrl;
  process.env.TEST_DATABASE_URL = url;
}

/** vitest's globalSetup: after the run, the workers' databases are dropped. */
export default function dropWorkerDatabasesAfterRun(): () => Promise<void> {
  return async () => {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) return;
    const stem = namesStem(baseUrl).replace(/[^a-zA-Z0-9_]/g, '\\$&');
    const pattern = `^${stem}w[0-9]+_test$`;
    await onBase(baseUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname ~ $1',
        [pattern],
      );
      for (const { datname } of rows) {
        await client.query(`drop database if exists "${datname}" with (force)`);
      }
    });
  };
}
