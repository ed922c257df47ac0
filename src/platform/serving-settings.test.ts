import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';
import { ConfigError } from './config-error.ts';
import { readServingSettings } from './serving-settings.ts';

const messageOf = (read: () => unknown): string => {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('no error');
};

describe('readServingSettings', () => {
  it('has defaults, and takes what is set (an empty value is not set)', () => {
    expect(readServingSettings({})).toEqual({
      host: '127.0.0.1',
      port: 4321,
      siteUrl: 'http://127.0.0.1:4321',
      workers: undefined,
      logLevel: 'info',
    });
    expect(
      readServingSettings({
        HOST: '0.0.0.0',
        PORT: '8080',
        SITE_URL: 'https://blog.example.org//',
        WEB_CONCURRENCY: '3',
        LOG_LEVEL: 'warn',
      }),
    ).toEqual({
      host: '0.0.0.0',
      port: 8080,
      siteUrl: 'https://blog.example.org',
      workers: 3,
      logLevel: 'warn',
    });
    expect(readServingSettings({ WEB_CONCURRENCY: 'auto', PORT: '' }).workers).toBeUndefined();
  });

  it('names every bad value in one message, a line each', () => {
    expect(
      messageOf(() =>
        readServingSettings({
          PORT: '70000',
          SITE_URL: 'ftp://files.example.org',
          WEB_CONCURRENCY: 'many',
          LOG_LEVEL: 'loud',
        }),
      ).split('\n'),
    ).toEqual([
      'Invalid environment variable PORT="70000": must be a whole number from 1 to 65535',
      'Invalid environment variable SITE_URL="ftp://files.example.org": must be an http:// or https:// address',
      'Invalid environment variable WEB_CONCURRENCY="many": must be auto or a number from 1 to 64',
      'Invalid environment variable LOG_LEVEL="loud": must be one of debug, info, warn, error, silent',
    ]);
    expect(messageOf(() => readServingSettings({ PORT: '80.5' }))).toMatch(/PORT="80.5"/);
    expect(messageOf(() => readServingSettings({ WEB_CONCURRENCY: '0' }))).toMatch(
      /WEB_CONCURRENCY="0"/,
    );
  });

  it('is how the whole configuration reads them too, with the other variables’ problems', () => {
    expect(
      messageOf(() => parseConfig({ PORT: 'eighty', QUIRE_SECRET: 'short' })).split('\n'),
    ).toEqual([
      'Invalid environment variable PORT="eighty": must be a whole number from 1 to 65535',
      'Invalid environment variable QUIRE_SECRET: must be at least 32 characters',
    ]);
    expect(parseConfig({ PORT: '8080', WEB_CONCURRENCY: '2' })).toMatchObject({
      port: 8080,
      workers: 2,
      siteUrl: 'http://127.0.0.1:8080',
    });
  });
});
