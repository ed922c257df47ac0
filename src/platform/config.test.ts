import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, redactUrl } from './config.ts';

describe('parseConfig', () => {
  it('has working defaults: SQLite under data/ on 127.0.0.1:4321', () => {
    const config = parseConfig({});
    expect(config.database).toEqual({ kind: 'sqlite', file: 'data/quire.db' });
    expect(config.siteUrl).toBe('http://127.0.0.1:4321');
    expect(config.secret).toBeUndefined();
  });

  it('makes DATA_DIR absolute, from the folder Quire was started in', () => {
    expect(parseConfig({}).dataDir).toBe(resolve('data'));
    expect(parseConfig({ DATA_DIR: 'site/data/' }).dataDir).toBe(resolve('site/data'));
    expect(parseConfig({ DATA_DIR: '/srv/quire' }).dataDir).toBe('/srv/quire');
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

  it('refuses a PostgreSQL URL pg cannot read in one line naming the variable and the host', () => {
    const messageOf = (url: string) => {
      try {
        parseConfig({ DATABASE_URL: url });
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`parseConfig accepted ${url}`);
    };
    expect(messageOf('postgres://u:secret@127.0.0.1:99999/db')).toBe(
      'Invalid environment variable DATABASE_URL="postgres://u:***@127.0.0.1:99999/db": the port must be a number from 1 to 65535, not "99999"',
    );
    expect(messageOf('postgres://u:secret@db.example:0/db')).toContain('not "0"');
    expect(messageOf('postgres://u:secret@db.example:http/db')).toContain('not "http"');
    const unreadable = messageOf('postgres://u:se#cret@db.example/db');
    expect(unreadable).toMatch(/^Invalid environment variable DATABASE_URL=.*percent-encoded\)$/);
    expect(unreadable).not.toContain('\n');
    // What pg reads, the check takes: sockets, IPv6 hosts, encoded passwords, no port.
    for (const url of [
      'postgres://u:secret@/db?host=/var/run/postgresql',
      'postgresql://u:secret@[::1]:5433/db',
      'postgres://u:p%2Fw@db.example/db',
      'postgres://db.example/db',
    ]) {
      expect(parseConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
    }
  });

  it('wants the first administrator e-mail and password together', () => {
    expect(() => parseConfig({ QUIRE_ADMIN_EMAIL: 'me@example.org' })).toThrow(/given together/);
    expect(
      parseConfig({ QUIRE_ADMIN_EMAIL: 'me@example.org', QUIRE_ADMIN_PASSWORD: 'long enough pass' })
        .admin?.email,
    ).toBe('me@example.org');
  });

  it('names a bad secret or URL without ever showing the secret', () => {
    const messageOf = (env: Record<string, string>) => {
      try {
        parseConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('parseConfig accepted the environment');
    };
    const cases: [Record<string, string>, string, string][] = [
      [
        { QUIRE_ADMIN_EMAIL: 'me@example.org', QUIRE_ADMIN_PASSWORD: 'hunter2' },
        'QUIRE_ADMIN_PASSWORD',
        'hunter2',
      ],
      [{ QUIRE_SECRET: 'sw0rdf1sh-too-short' }, 'QUIRE_SECRET', 'sw0rdf1sh'],
      [
        { DATABASE_URL: 'mysql://quire:s3cr3t-db-pass@db.example/quire' },
        'DATABASE_URL',
        's3cr3t-db-pass',
      ],
      [{ DATABASE_URL: 'mysql://quire:p@ss/w0rd@db.example/quire' }, 'DATABASE_URL', 'w0rd'],
      [{ MAIL_URL: 'http://mailer:m4il-pass@smtp.example:587' }, 'MAIL_URL', 'm4il-pass'],
      [{ MAIL_URL: 'http://smtp.example/?pass=m4il-query-pass' }, 'MAIL_URL', 'm4il-query-pass'],
    ];
    for (const [env, name, secret] of cases) {
      const message = messageOf(env);
      expect(message, name).toContain(name);
      expect(message, name).not.toContain(secret);
    }
    expect(messageOf({ DATABASE_URL: 'mysql://quire:s3cr3t@db.example/quire' })).toContain(
      'DATABASE_URL="mysql://quire:***@db.example/quire"',
    );
  });

  it('shows URLs with their password and query values as ***', () => {
    expect(redactUrl('postgres://quire:pw@db:5432/site')).toBe('postgres://quire:***@db:5432/site');
    expect(redactUrl('postgres://quire@db/site?password=pw&sslmode=require')).toBe(
      'postgres://quire@db/site?password=***&sslmode=***',
    );
    expect(redactUrl('smtps://a%40b.example:p@ss@smtp.example')).toBe(
      'smtps://a%40b.example:***@smtp.example',
    );
    expect(redactUrl('postgres://db:5432/site')).toBe('postgres://db:5432/site');
    // A password holding # or ? (not percent-encoded) is hidden whole, up to its last @.
    expect(redactUrl('postgres://u:se#cr?et@db/site')).toBe('postgres://u:***@db/site');
    expect(redactUrl('postgres://db/site?password=p@ss')).toBe('postgres://db:***@ss');
    expect(redactUrl('no scheme at all: secret')).toBe('***');
  });

  it('reads the request body timeout', () => {
    expect(parseConfig({}).bodyTimeoutMs).toBe(20_000);
    expect(parseConfig({ REQUEST_BODY_TIMEOUT_MS: '250' }).bodyTimeoutMs).toBe(250);
  });

  it('reads other addresses for the captcha services’ siteverify, each only when given', () => {
    expect(parseConfig({}).captchaVerifyUrls).toEqual({});
    expect(
      parseConfig({
        TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9000/turnstile/v0/siteverify',
        HCAPTCHA_VERIFY_URL: '',
      }).captchaVerifyUrls,
    ).toEqual({ turnstile: 'http://127.0.0.1:9000/turnstile/v0/siteverify' });
    expect(() => parseConfig({ RECAPTCHA_VERIFY_URL: 'ftp://example.org' })).toThrow(
      /RECAPTCHA_VERIFY_URL/,
    );
  });
});
