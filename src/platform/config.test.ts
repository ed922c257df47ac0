import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('has working defaults: SQLite under data/ on 127.0.0.1:4321', () => {
    const config = parseConfig({});
    expect(config.database).toEqual({ kind: 'sqlite', file: 'data/quire.db' });
    expect(config.siteUrl).toBe('http://127.0.0.1:4321');
    expect(config.secret).toBeUndefined();
  });

  it('selects PostgreSQL from a postgres:// DATABASE_URL', () => {
    expect(
      parseConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).database.kind,
    ).toBe('postgres');
  });

  it('follows PORT and HOST and trims a trailing slash from SITE_URL', () => {
    const config = parseConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      SITE_URL: 'https://blog.example.org/',
    });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.siteUrl).toBe('https://blog.example.org');
  });

  it('reads the statistics batch window and raw-hit retention, within bounds', () => {
    expect(parseConfig({}).stats).toEqual({ batchMs: 1000, rawDays: 60 });
    expect(parseConfig({ STATS_BATCH_MS: '250', STATS_RAW_DAYS: '7' }).stats).toEqual({
      batchMs: 250,
      rawDays: 7,
    });
    expect(() => parseConfig({ STATS_BATCH_MS: '0' })).toThrow(/STATS_BATCH_MS="0"/);
    expect(() => parseConfig({ STATS_RAW_DAYS: 'forever' })).toThrow(/STATS_RAW_DAYS/);
  });

  it('names the variable that is wrong', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL.*sqlite: or postgres/,
    );
    expect(() => parseConfig({ QUIRE_SECRET: 'short' })).toThrow(/QUIRE_SECRET.*32/);
    expect(() => parseConfig({ SITE_URL: 'ftp://x' })).toThrow(ConfigError);
  });

  it('wants the first administrator e-mail and password together', () => {
    expect(() => parseConfig({ QUIRE_ADMIN_EMAIL: 'me@example.org' })).toThrow(/given together/);
    expect(
      parseConfig({ QUIRE_ADMIN_EMAIL: 'me@example.org', QUIRE_ADMIN_PASSWORD: 'long enough pass' })
        .admin?.email,
    ).toBe('me@example.org');
  });
});
