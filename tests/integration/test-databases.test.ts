import { afterEach, describe, expect, it } from 'vitest';
import { testDatabases, testDatabaseUrl } from '../support/databases.ts';
import { workerDatabaseUrl } from '../support/postgres-per-worker.ts';

describe('the PostgreSQL test database', () => {
  const given = process.env.TEST_DATABASE_URL;
  afterEach(() => {
    if (given === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = given;
  });

  it('must have a name ending in "test", since the tests drop its schema', () => {
    for (const url of [
      'postgres://postgres@127.0.0.1:5432/test',
      'postgres://postgres@127.0.0.1:5432/hardening_test',
      'postgresql://u:p@db.example/site-test?sslmode=disable',
    ]) {
      expect(testDatabaseUrl(url)).toBe(url);
    }
    for (const url of [
      'postgres://postgres@127.0.0.1:5432/quire',
      'postgres://postgres@127.0.0.1:5432/test_backup',
      'postgres://postgres@127.0.0.1:5432/',
      'not a url',
    ]) {
      expect(() => testDatabaseUrl(url), url).toThrow(/TEST_DATABASE_URL/);
    }
  });

  it('is refused before any suite opens it', () => {
    process.env.TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/quire';
    expect(() => testDatabases()).toThrow(/must end in "test"/);
  });

  it('is one per vitest worker, named after the given one, so files run side by side', () => {
    expect(workerDatabaseUrl('postgres://postgres@127.0.0.1:5432/test', '1')).toBe(
      'postgres://postgres@127.0.0.1:5432/w1_test',
    );
    expect(workerDatabaseUrl('postgresql://u:p@db.example/site-test?sslmode=disable', '2')).toBe(
      'postgresql://u:p@db.example/site-w2_test?sslmode=disable',
    );
    expect(() => workerDatabaseUrl('postgres://postgres@127.0.0.1:5432/quire', '1')).toThrow(
      /must end in "test"/,
    );
    // The setup file has already switched this worker to its own.
    if (given) {
      expect(given).toBe(
        workerDatabaseUrl(
          process.env.QUIRE_TEST_DATABASE_BASE as string,
          process.env.VITEST_POOL_ID as string,
        ),
      );
    }
  });
});
