import { afterEach, describe, expect, it } from 'vitest';
import { testDatabases, testDatabaseUrl } from '../support/databases.ts';

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
});
