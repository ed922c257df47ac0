import { resolve } from 'node:path';
import { parse as parsePostgresUrl } from 'pg-connection-string';
import { z } from 'zod';
import {
  ConfigError,
  invalidVariableLine,
  presentVariables,
  splitUserPart,
} from './config-error.ts';
import { type ServingSettings, servingSettingsOf, servingVariables } from './serving-settings.ts';

export { ConfigError, redactUrl } from './config-error.ts';

/**
 * Everything Quire reads from the environment, parsed once at start. A bad value stops the
 * process with a message that names the variable, instead of failing at the first request.
 * Where to listen, the site's address, the workers and the log level are read by
 * serving-settings.ts (the serving supervisor reads only those).
 */
const environmentSchema = z.object({
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
export const environmentVariables: readonly string[] = [
  ...servingVariables,
  ...Object.keys(environmentSchema.shape),
];

export type Config = ServingSettings & {
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  dataDir: string;
  secret: string | undefined;
  admin: { email: string; password: string } | undefined;
  demoContent: 'auto' | 'never';
  cache: { maxBytes: number; versionCheckMs: number };
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

export function parseConfig(env: Record<string, string | undefined>): Config {
  const present = presentVariables(env);
  const serving = servingSettingsOf(present);
  const result = environmentSchema.safeParse(present);
  // One line per variable, each whole on its own: a log shows it in one piece.
  const problems = [
    ...serving.problems,
    ...(result.error?.issues.map((issue) =>
      invalidVariableLine(issue.path.join('.'), present[String(issue.path[0])], issue.message),
    ) ?? []),
  ];
  if (!result.success || problems.length > 0) throw new ConfigError(problems.join('\n'));
  const e = result.data;
  if ((e.QUIRE_ADMIN_EMAIL === undefined) !== (e.QUIRE_ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      'Invalid environment variables QUIRE_ADMIN_EMAIL and QUIRE_ADMIN_PASSWORD: they must be given together',
    );
  }
  const { host, port, siteUrl, workers, logLevel } = serving.settings;
  const database = e.DATABASE_URL.startsWith('sqlite:')
    ? { kind: 'sqlite' as const, file: e.DATABASE_URL.slice('sqlite:'.length) }
    : { kind: 'postgres' as const, url: e.DATABASE_URL };
  return {
    host,
    port,
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
    workers,
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
    logLevel,
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
