import { ConfigError, invalidVariableLine, presentVariables } from './config-error.ts';
import { isWebAddress } from './web-address.ts';

/**
 * The settings the serving supervisor needs before any worker starts: where to listen, the
 * site's address to announce, how many workers and how much to log. Read here without the
 * schema library that config.ts uses for everything else: the primary process of
 * `npm run serve` loads only this, and zod alone would be 9 of its 35 MB (decision 0068).
 * config.ts reads these through this module too, so both tell a bad value the same way.
 */
export type ServingSettings = {
  host: string;
  port: number;
  /** SITE_URL without its trailing slashes, else the address listened on. */
  siteUrl: string;
  /** WEB_CONCURRENCY when set; otherwise the memory and cores choose (serving-plan.ts). */
  workers: number | undefined;
  logLevel: LogLevel;
};

const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
type LogLevel = (typeof logLevels)[number];

export const servingVariables = [
  'HOST',
  'PORT',
  'SITE_URL',
  'WEB_CONCURRENCY',
  'LOG_LEVEL',
] as const;

/** A whole number from `least` to `most` written in decimal, or undefined. */
function wholeNumber(value: string, least: number, most: number): number | undefined {
  if (!/^\s*\d+\s*$/.test(value)) return undefined;
  const number = Number(value);
  return number >= least && number <= most ? number : undefined;
}

/** The serving settings of `env`, and a line for each variable that is not valid. */
export function servingSettingsOf(env: Record<string, string | undefined>): {
  settings: ServingSettings;
  problems: string[];
} {
  const present = presentVariables(env);
  const problems: string[] = [];
  const problem = (name: (typeof servingVariables)[number], message: string) =>
    problems.push(invalidVariableLine(name, present[name], message));

  const host = present.HOST ?? '127.0.0.1';
  let port = 4321;
  if (present.PORT !== undefined) {
    const given = wholeNumber(present.PORT, 1, 65535);
    if (given === undefined) problem('PORT', 'must be a whole number from 1 to 65535');
    else port = given;
  }
  if (present.SITE_URL !== undefined && !isWebAddress(present.SITE_URL)) {
    problem('SITE_URL', 'must be an http:// or https:// address');
  }
  let workers: number | undefined;
  if (present.WEB_CONCURRENCY !== undefined && present.WEB_CONCURRENCY !== 'auto') {
    workers = wholeNumber(present.WEB_CONCURRENCY, 1, 64);
    if (workers === undefined) problem('WEB_CONCURRENCY', 'must be auto or a number from 1 to 64');
  }
  const logLevel = logLevels.find((level) => level === (present.LOG_LEVEL ?? 'info'));
  if (!logLevel) problem('LOG_LEVEL', `must be one of ${logLevels.join(', ')}`);
  const siteUrl = (present.SITE_URL ?? `http://${host}:${port}`).replace(/\/+$/, '');
  return { settings: { host, port, siteUrl, workers, logLevel: logLevel ?? 'info' }, problems };
}

/** The serving settings of `env`; a ConfigError naming every bad one. */
export function readServingSettings(env: Record<string, string | undefined>): ServingSettings {
  const { settings, problems } = servingSettingsOf(env);
  if (problems.length > 0) throw new ConfigError(problems.join('\n'));
  return settings;
}
