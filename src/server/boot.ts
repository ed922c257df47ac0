import { join } from 'node:path';
import { signedInUserId } from '../features/admin/server/sessions.ts';
import { countAdmins, createAdmin } from '../features/admin/server/users.ts';
import { hasAnyContent, nextScheduledPublish } from '../features/content/server/posts.ts';
import { readCaptchaSettings } from '../features/forms/server/captcha/captcha-settings-store.ts';
import { readFileSettings } from '../features/forms/server/files-settings-store.ts';
import { fileStorages } from '../features/forms/server/files-storage.ts';
import type { FormsDependencies } from '../features/forms/server/forms-dependencies.ts';
import { createOrderPayments } from '../features/payments/server/order-payments.ts';
import type { PaymentsDependencies } from '../features/payments/server/payments-dependencies.ts';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import { createStatsIngest, type StatsIngest } from '../features/stats/server/ingest.ts';
import { readContentVersion } from '../platform/cache/content-version.ts';
import { PageCache } from '../platform/cache/page-cache.ts';
import { type Config, ConfigError, parseConfig } from '../platform/config.ts';
import {
  checkDatabaseReachable,
  connectDatabase,
  type DatabaseHandle,
} from '../platform/db/connect.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { withStartupLock } from '../platform/db/startup-lock.ts';
import { createLogger, type Logger } from '../platform/log.ts';
import { readMailSettings } from '../platform/mail/mail-settings-store.ts';
import { createMailTransport } from '../platform/mail/mail-transport.ts';
import { createMailer, type Mailer } from '../platform/mail/mailer.ts';
import { loadOrCreateSecret } from '../platform/secrets.ts';
import { ensureWritableFolder, folderProblem } from '../platform/writable-folder.ts';
import { demoOffered } from './demo-content.ts';
import { seedDemoSite } from './demo-seed.ts';
import { createPaymentsDependencies } from './payments-wiring.ts';

/**
 * What the first process to start on a database does once, whichever that is: migrations,
 * the signing secret, the first administrator and the demo content. Run under the startup
 * lock, so instances started together do it one after another and the later ones find it done.
 */
async function prepareSite(database: DatabaseHandle, config: Config, log: Logger): Promise<string> {
  await migrateToLatest(database.db, database.kind);
  const secret = await loadOrCreateSecret(database.db, 'app', config.secret);
  if (config.admin && (await countAdmins(database.db)) === 0) {
    await createAdmin(database.db, config.admin);
    log.info(`Created the administrator account ${config.admin.email}`);
  }
  // Once per database: a site started empty, or whose demo was removed, stays without it.
  const fresh = !(await demoOffered(database.db)) && !(await hasAnyContent(database));
  if (config.demoContent === 'auto' && fresh) {
    const seeded = await seedDemoSite(database);
    log.info(
      `Seeded demo content: ${seeded.posts} posts and pages, ${seeded.images} images, ${seeded.forms} forms`,
    );
  }
  return secret;
}

/** On a stop, how long queued page-view hits are retried while the database is unavailable. */
const statsCloseWithinMs = 30_000;

/** Everything a request needs, made once per process. */
export type AppContext = {
  config: Config;
  database: DatabaseHandle;
  secret: string;
  pageCache: PageCache;
  mediaCacheDir: string;
  log: Logger;
  /** The mail outbox; its delivery loop runs only once `mail.start()` is called. */
  mail: Mailer;
  /** Page-view hits (`GET /?qstat=1`), written in batches; `close` writes the last one. */
  stats: StatsIngest;
  /** The forms engine's narrow dependencies, for route shells and the `/ajax` router. */
  forms: FormsDependencies;
  /** The payments feature's dependencies, for its routes, the admin and background chores. */
  payments: PaymentsDependencies;
  close: () => Promise<void>;
};

/**
 * Starts Quire's core: reads the configuration, opens and migrates the database, loads the
 * secret, creates the first administrator from the environment and seeds the demo content
 * into an empty site.
 */
export async function boot(
  env: Record<string, string | undefined> = process.env,
): Promise<AppContext> {
  const config = parseConfig(env);
  checkDataDir(config.dataDir);
  const log = createLogger(config.logLevel);
  const database = connectDatabase(config.database, {
    onConnectionTrouble: (message) => log.warn(message),
  });
  try {
    await checkDatabaseReachable(database, config.database);
    const secret = await withStartupLock(database, () => prepareSite(database, config, log), {
      onWait: () => log.info('Another instance is starting; waiting for it to finish'),
    });
    const pageCache = new PageCache({
      maxBytes: config.cache.maxBytes,
      checkEveryMs: config.cache.versionCheckMs,
      readState: async () => ({
        version: String(await readContentVersion(database.db)),
        validUntil: await nextScheduledPublish(database),
      }),
    });
    const mail = createMailer({
      database,
      transport: createMailTransport({
        mail: config.mail,
        dataDir: config.dataDir,
        readSettings: () => readMailSettings(database.db, log),
        siteTitle: async () => (await readSiteSettings(database.db, log)).title,
      }),
      log,
    });
    const stats = createStatsIngest({
      database,
      config,
      secret,
      log,
      readSiteSettings: () => readSiteSettings(database.db, log),
      isSignedIn: async (cookieHeader, at) =>
        (await signedInUserId(database.db, cookieHeader, at)) !== undefined,
    });
    const fileSettings = () =>
      pageCache.memo('file-settings', () => readFileSettings(database.db, log));
    const payments = createPaymentsDependencies({
      db: database.db,
      secret,
      log,
      stripe: config.stripe,
      memo: (key, load) => pageCache.memo(key, load),
      deliverMailSoon: () => mail.deliverSoon(),
    });
    const forms: FormsDependencies = {
      db: database.db,
      secret,
      log,
      contentCache: pageCache,
      siteUrl: config.siteUrl,
      submissionsPerMinute: config.formSubmissionsPerMinute,
      deliverMailSoon: () => mail.deliverSoon(),
      siteSettings: () =>
        pageCache.memo('site-settings', async () => {
          const { title, visitorId, timeZone } = await readSiteSettings(database.db, log);
          return { title, visitorId, timeZone };
        }),
      payments: createOrderPayments(payments),
      captchaSettings: () =>
        pageCache.memo('captcha-settings', () => readCaptchaSettings(database.db, log)),
      captchaVerifyUrls: config.captchaVerifyUrls,
      fileSettings,
      fileStorages: fileStorages(database.db, fileSettings),
    };
    return {
      config,
      database,
      secret,
      pageCache,
      mediaCacheDir: join(config.dataDir, 'cache', 'media'),
      log,
      mail,
      stats,
      forms,
      payments,
      close: async () => {
        await stats.close(statsCloseWithinMs);
        await mail.stop();
        await database.db.destroy();
      },
    };
  } catch (error) {
    await database.db.destroy();
    throw error;
  }
}

/** The mail outbox (without MAIL_URL) and the resized images live in DATA_DIR: it must take writes. */
function checkDataDir(dataDir: string): void {
  try {
    ensureWritableFolder(dataDir);
  } catch (error) {
    const problem = folderProblem(dataDir, error) ?? (error as Error).message;
    throw new ConfigError(
      `DATA_DIR: ${problem}; Quire keeps the mail outbox and resized images there: make it a folder this user may write, or set DATA_DIR to one`,
    );
  }
}
