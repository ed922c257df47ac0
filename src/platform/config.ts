import { resolve } from 'node:path';
import { parse as parsePostgresUrl } from 'pg-connection-string';
import { z } from 'zod';

/**
 * Everything Quire reads from the environment, parsed once at start. A bad value stops the
 * process with a message that names the variable, instead of failing at the first request.
 */
const environmentSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
    .superRefine((url, context) => {
      const problem = /^postgres(ql)?:\/\//.test(url) ? postgresUrlProblem(url) : undefined;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .default('sqlite:data/quire.db'),
  DATA_DIR: z.string().min(1).default('data'),
  QUIRE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  QUIRE_ADMIN_EMAIL: z.email().optional(),
  QUIRE_ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  QUIRE_DEMO_CONTENT: z.enum(['auto', 'never']).default('auto'),
  CACHE_MAX_MB: z.coerce.number().min(0).max(4096).default(32),
  CACHE_VERSION_CHECK_MS: z.coerce.number().int().min(0).default(1000),
  WEB_CONCURRENCY: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)])
    .default('auto'),
  MAIL_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  FORM_SUBMISSIONS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  IMPORT_WORKER: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  STATS_BATCH_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  STATS_RAW_DAYS: z.coerce.number().int().min(1).max(3650).default(60),
  REQUEST_BODY_TIMEOUT_MS: z.coerce.number().int().min(10).max(600_000).default(20_000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^[sr]k_(test|live)_\w+$/, 'must start with sk_ or rk_ (test or live)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must start with pk_test_ or pk_live_')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must start with whsec_')
    .optional(),
  /** Another address for Stripe's API: a local stand-in in tests. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Other addresses for the captcha services' siteverify calls: local stand-ins in tests. */
  HCAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
  RECAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
  TURNSTILE_VERIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
});

/** Every variable Quire reads, as deploy/quire.env.example lists them. */
export const environmentVariables: readonly string[] = Object.keys(environmentSchema.shape);

export type Config = {
  host: string;
  port: number;
  siteUrl: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  dataDir: string;
  secret: string | undefined;
  admin: { email: string; password: string } | undefined;
  demoContent: 'auto' | 'never';
  cache: { maxBytes: number; versionCheckMs: number };
  /** Server processes sharing the port; `auto` is one per core, at most 4. */
  /** WEB_CONCURRENCY when set; otherwise the memory and cores choose (serving-plan.ts). */
  workers: number | undefined;
  /**
   * Outgoing mail. Without an SMTP URL, mail is written to `{dataDir}/outbox` as .eml files
   * that any mail reader opens, which is what development and the demo want.
   */
  mail: {
    smtpUrl: string | undefined;
    /** MAIL_FROM; without it mail comes from `noReplyAddress` under the site's title. */
    from: string | undefined;
    noReplyAddress: string;
  };
  /** Form submissions one client may make per minute, across all forms and instances. */
  formSubmissionsPerMinute: number;
  /** Whether this instance runs the imports waiting (off where DATA_DIR is not shared). */
  importWorker: boolean;
  /** Reverse proxies in front of the site whose X-Forwarded-For is believed (0: none). */
  trustedProxies: number;
  stats: {
    /** Hits wait in memory at most this long before one write stores them all. */
    batchMs: number;
    /** Raw hits older than this many days are deleted once folded into the daily rollups. */
    rawDays: number;
  };
  /** Time a request body has to arrive in; slower ones get 408 and the connection closes. */
  bodyTimeoutMs: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Stripe's keys from the environment: they take the place of the admin's settings. */
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    apiUrl: string | undefined;
  };
  /** Where the third-party captchas' tokens are checked, when not at each service's own address. */
  captchaVerifyUrls: { hcaptcha?: string; recaptcha?: string; turnstile?: string };
};

/**
 * Why PostgreSQL's client (pg, through pg-connection-string) cannot read a URL, or undefined
 * when it can: without this a bad port stopped every start with pg's "TypeError: Invalid URL".
 */
function postgresUrlProblem(url: string): string | undefined {
  const port = writtenPort(url);
  if (port !== undefined && !(/^\d+$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)) {
    return `the port must be a number from 1 to 65535, not "${port}"`;
  }
  try {
    parsePostgresUrl(url);
    return undefined;
  } catch {
    return 'not a URL PostgreSQL can be reached at (in the user name or password, / ? # and % must be percent-encoded)';
  }
}

/** The port as written after the host (the part after the last @ before the path), if any. */
function writtenPort(url: string): string | undefined {
  const { afterUser } = splitUserPart(url.replace(/^[a-z]+:\/\//i, ''));
  const host = /^[^/?#]*/.exec(afterUser)?.[0] ?? '';
  return /^(?:\[[^\]]*\]|[^:]*):(.*)$/.exec(host)?.[1];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Variables whose whole value is a secret: an error names them, never shows them. */
const secretVariables = new Set([
  'QUIRE_SECRET',
  'QUIRE_ADMIN_PASSWORD',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
]);

/** Variables holding a URL that may carry a password: shown with the password as `***`. */
const urlVariables = new Set(['DATABASE_URL', 'MAIL_URL']);

/**
 * A URL as it may be shown in a log: the password of its user part (`user:***@`) and every
 * query value (libpq and nodemailer take passwords there too) replaced by `***`. A value too
 * broken to tell its parts apart is not shown at all.
 */
export function redactUrl(value: string): string {
  const match = /^([a-z][a-z0-9+.-]*:)(\/\/)?(.*)$/is.exec(value);
  if (!match) return '***';
  const [, scheme, slashes = '', rest = ''] = match;
  const { userPart, afterUser } = splitUserPart(rest);
  // Only a plain user name is shown; anything after it may be (part of) the password.
  const userName = /^[^:/?#]*/.exec(userPart ?? '')?.[0] ?? '';
  const shownUser =
    userPart === undefined ? '' : userName === userPart ? `${userName}@` : `${userName}:***@`;
  const query = afterUser.indexOf('?');
  const shownRest =
    query === -1
      ? afterUser
      : `${afterUser.slice(0, query)}${afterUser.slice(query).replace(/=[^&#]*/g, '=***')}`;
  return `${scheme}${slashes}${shownUser}${shownRest}`;
}

/**
 * A URL's part after `scheme://` split at its last @: a password may hold @ / ? or # itself,
 * and a host never holds an @.
 */
function splitUserPart(rest: string): { userPart: string | undefined; afterUser: string } {
  const at = rest.lastIndexOf('@');
  return at === -1
    ? { userPart: undefined, afterUser: rest }
    : { userPart: rest.slice(0, at), afterUser: rest.slice(at + 1) };
}

/** How a variable's value may appear in an error message. */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return '';
  if (secretVariables.has(name)) return '';
  const shown = urlVariables.has(name) ? redactUrl(value) : value;
  return `=${JSON.stringify(shown)}`;
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = environmentSchema.safeParse(present);
  if (!result.success) {
    // One line per variable, each whole on its own: a log shows it in one piece.
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `Invalid environment variable ${issue.path.join('.')}${shownValue(name, present[name])}: ${issue.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const e = result.data;
  if ((e.QUIRE_ADMIN_EMAIL === undefined) !== (e.QUIRE_ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      'Invalid environment variables QUIRE_ADMIN_EMAIL and QUIRE_ADMIN_PASSWORD: they must be given together',
    );
  }
  const database = e.DATABASE_URL.startsWith('sqlite:')
    ? { kind: 'sqlite' as const, file: e.DATABASE_URL.slice('sqlite:'.length) }
    : { kind: 'postgres' as const, url: e.DATABASE_URL };
  const siteUrl = (e.SITE_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, '');
  return {
    host: e.HOST,
    port: e.PORT,
    siteUrl,
    database,
    // Absolute, so a path kept in the database (an uploaded import's file) names the same file
    // for every process and command, whatever folder it was started in.
    dataDir: resolve(e.DATA_DIR),
    secret: e.QUIRE_SECRET,
    admin:
      e.QUIRE_ADMIN_EMAIL && e.QUIRE_ADMIN_PASSWORD
        ? { email: e.QUIRE_ADMIN_EMAIL, password: e.QUIRE_ADMIN_PASSWORD }
        : undefined,
    demoContent: e.QUIRE_DEMO_CONTENT,
    cache: {
      maxBytes: Math.round(e.CACHE_MAX_MB * 1024 * 1024),
      versionCheckMs: e.CACHE_VERSION_CHECK_MS,
    },
    workers: e.WEB_CONCURRENCY === 'auto' ? undefined : e.WEB_CONCURRENCY,
    mail: {
      smtpUrl: e.MAIL_URL,
      from: e.MAIL_FROM,
      noReplyAddress: `no-reply@${new URL(siteUrl).hostname}`,
    },
    formSubmissionsPerMinute: e.FORM_SUBMISSIONS_PER_MINUTE,
    importWorker: e.IMPORT_WORKER === 'on',
    trustedProxies: e.TRUST_PROXY,
    stats: { batchMs: e.STATS_BATCH_MS, rawDays: e.STATS_RAW_DAYS },
    bodyTimeoutMs: e.REQUEST_BODY_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
    },
    captchaVerifyUrls: Object.fromEntries(
      (
        [
          ['hcaptcha', e.HCAPTCHA_VERIFY_URL],
          ['recaptcha', e.RECAPTCHA_VERIFY_URL],
          ['turnstile', e.TURNSTILE_VERIFY_URL],
        ] as const
      ).filter(([, url]) => url !== undefined),
    ),
  };
}
