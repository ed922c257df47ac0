// Over 500 lines on purpose: the usage text and the one dispatch that must match it, command by
// command; each command's work lives in the features and the *-arguments / *-text modules beside it.
import { createWriteStream, existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import packageJson from '../../package.json' with { type: 'json' };
import { demoItems, settingsScreenMessages } from '../features/admin/messages.ts';
import { isRole } from '../features/admin/permissions.ts';
import {
  changeRole,
  inviteLifetimeMs,
  inviteUser,
  listUsers,
} from '../features/admin/server/user-admin.ts';
import { createAdmin, setAdminPassword, UserError } from '../features/admin/server/users.ts';
import { roleNames, userAdminMessages } from '../features/admin/user-messages.ts';
import { exportContent, importContent } from '../features/content/server/content-transfer.ts';
import { ContentError } from '../features/content/server/save-post.ts';
import { writeEntriesCsv } from '../features/forms/server/entries-export.ts';
import { readEntriesPage } from '../features/forms/server/entry-queries.ts';
import { entryFormChoices } from '../features/forms/server/entry-review.ts';
import { deleteEntry } from '../features/forms/server/files-entries.ts';
import { readFileSettings } from '../features/forms/server/files-settings-store.ts';
import { fileStorages } from '../features/forms/server/files-storage.ts';
import {
  FormDefinitionError,
  findEntriesForm,
  findForm,
} from '../features/forms/server/forms-store.ts';
import {
  exportForms,
  type ImportConsent,
  importForms,
  planFormsImport,
} from '../features/forms/server/forms-transfer.ts';
import { WxrReadError } from '../features/import/server/wxr-reader.ts';
import { currencyOf } from '../features/payments/payment-settings.ts';
import {
  createCoupon,
  deleteCoupon,
  listCoupons,
  newCouponProblem,
} from '../features/payments/server/coupons.ts';
import { readPaymentSettings } from '../features/payments/server/payment-settings-store.ts';
import { recordPayment } from '../features/payments/server/record-payment.ts';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import { statsReport } from '../features/stats/server/reports.ts';
import { foldAndTrim } from '../features/stats/server/rollup.ts';
import { dayIn, isoDay } from '../features/stats/stat-days.ts';
import { RestoreRefused } from '../platform/backup/restore-backup.ts';
import { ConfigError, parseConfig } from '../platform/config.ts';
import {
  checkDatabaseReachable,
  connectDatabase,
  type DatabaseHandle,
} from '../platform/db/connect.ts';
import { migrateToLatest, readSchemaState } from '../platform/db/migrate.ts';
import { migrationList } from '../platform/db/migrations/migration-list.ts';
import { withStartupLock } from '../platform/db/startup-lock.ts';
import { createLogger } from '../platform/log.ts';
import { enqueueMail } from '../platform/mail/mail-outbox.ts';
import { loadOrCreateSecret } from '../platform/secrets.ts';
import { removeDemoContent } from '../server/demo-content.ts';
import { createPaymentsDependencies } from '../server/payments-wiring.ts';
import { backupSiteToFile, restoreSiteFromFile } from '../server/site-backup.ts';
import { formatBackupDone, formatRestoreDone } from './backup-text.ts';
import { parseCouponsArguments } from './coupons-arguments.ts';
import { formatCoupons } from './coupons-text.ts';
import {
  parseEntriesArguments,
  parseEntryNumber,
  parsePaymentArguments,
} from './entries-arguments.ts';
import { formatEntries } from './entries-text.ts';
import { formatImportOutcome, formatImportPlan, importQuestion } from './forms-import-text.ts';
import {
  parseGhostImportArguments,
  parseImportArguments,
  parseWpformsEntriesArguments,
  parseWpformsImportArguments,
} from './import-arguments.ts';
import {
  runGhostImport,
  runWordPressImport,
  runWpformsEntriesImport,
  runWpformsImport,
} from './import-command.ts';
import { parseRedirectsArguments } from './redirects-arguments.ts';
import { runRedirects } from './redirects-command.ts';
import { parseStatsArguments } from './stats-arguments.ts';
import { formatStatsReport } from './stats-text.ts';
import { UsageError } from './usage-error.ts';
import { databaseName, formatVersion } from './version-text.ts';

const usage = `Quire command line: npm run quire -- <command>

  import <file.json>             add the posts, pages and images of a content file
  export [file.json]             write all content to a file (or to standard output)
  import-wordpress <export.xml> [--media DIR | --media-from URL] [--dry-run] [--json]
                                 move a WordPress site in (Tools → Export → All content): users,
                                 tags, images, WPForms forms, posts and pages, and its old
                                 addresses as redirects; run again, it updates or skips; prints
                                 a report (--json: as JSON); --dry-run writes nothing
  import-ghost <export.json> [--media DIR | --media-from URL] [--members CSV] [--site-url URL]
               [--dry-run] [--json]
                                 move a Ghost site in (Settings → Advanced → Export content):
                                 authors, tags, images, posts and pages, old addresses, and the
                                 members Ghost says are subscribed (--members, Members → Export)
                                 as confirmed subscribers; --site-url when the export does not
                                 say the old address (Ghost 4 and later)
  import-wpforms <forms.json> [--site-url URL] [--dry-run] [--json]
                                 WPForms' forms (WPForms → Tools → Export) as Quire forms; a form
                                 a WordPress import brought in already is updated, not doubled
  import-wpforms-entries <entries.csv> --form N [--dry-run] [--json]
                                 add WPForms' entries (Entries → Export as CSV) to form N here;
                                 never mailed; run again, it adds nothing twice
  forms export [file.json]       write every form definition to a file (or standard output)
  forms import <file.json> [--replace] [--restore-deleted]
                                 add forms from a file written by forms export (same ids, so
                                 embeds keep working), or one form definition (docs/forms.md);
                                 a form with the same id is replaced, and a deleted one brought
                                 back, only when asked at the terminal or given the flag
  admin create --email <address> create an administrator; the password is read from
                                 standard input, or from QUIRE_ADMIN_PASSWORD
  admin password --email <address>
                                 set a new password (read the same way) and sign the
                                 administrator out everywhere
  users list                     every user: address, role, posts, name
  users invite <address> --role administrator|editor|author
                                 invite someone: the mail with the link (valid 7 days) goes
                                 through the outbox, and the link is printed too
  users role <address> --role administrator|editor|author
                                 change a user's role (the last administrator stays one)
  entries list [--form N] [--status entry|spam] [--limit N] [--format text|json]
                                 the newest form entries (default 20), with every field
  entries export --form N [--status entry|spam] <file.csv>
                                 every entry of a form as CSV (a column per field, and one per
                                 deleted field that has answers); a form deleted with its
                                 entries kept is listed and exported too
  entries payment <entry> paid|refunded|failed
                                 record how an order's payment stands (an offline order that
                                 was paid by transfer); a first payment counts as a purchase
  entries delete <entry>         delete an entry with its files (uploads, photos, signatures)
  coupons list                   every coupon with its uses
  coupons add <CODE> --percent N | --amount X [--form N] [--uses N]
              [--from YYYY-MM-DD] [--until YYYY-MM-DD]
                                 a coupon for every form or one, for a number of uses, within
                                 days of the site's time zone (--until is the last day)
  coupons delete <CODE>          remove a coupon (orders that used it keep its code)
  redirects list                 every redirect from an old address, and where it leads
  redirects add <FROM> <TO>      send an old path of the site (/old-post/) to a new one
                                 (/new-post/ or https://…), chains collapsed to one hop
  redirects delete <FROM>        remove the redirect from that old address
  redirects import <file.csv> [--yes]
                                 add redirects from a CSV file (old address, new address a
                                 line; a header is skipped): shows what it would add, replace
                                 and refuse, then asks (--yes: without asking)
  stats [--days N | --from YYYY-MM-DD [--to YYYY-MM-DD]] [--limit N] [--format text|json]
        [--filter NAME=VALUE …]  page views, visitors, top pages, referrers, campaigns, events
                                 and screen sizes over whole days of the site's time zone: by
                                 default the last 30 days, today included; --limit rows per list
                                 (default 10); --filter counts only the hits with that page,
                                 referrer, utm_source…utm_content, click_id, screen (WxH),
                                 event_category, event_action or event_label (from raw hits)
  stats fold                     fold complete days into the daily rollups and delete raw hits
                                 older than STATS_RAW_DAYS (the server does both every 10 min)
  demo remove                    remove the demo content: its posts, pages, forms, images,
                                 coupons and settings, except what was changed since (as
                                 Settings → Site → Remove demo content)
  backup <file.tar>              write the whole site to one file while it runs: every table
                                 (but sign-in sessions and other short-lived ones), images, form
                                 files (those kept in S3 too), from one consistent snapshot
  restore <file.tar>             load a backup into an empty site, on SQLite or PostgreSQL
                                 whichever made it (moving house is a backup and a restore); a
                                 site that holds anything is refused, and a damaged file loads
                                 nothing; an older backup is migrated after loading
  version                        this build's version, and whether the database's schema is
                                 up to date, behind (the next start migrates it) or newer
  help                           show this text

The database is the one the site uses: DATABASE_URL, or data/quire.db.
Exit codes: 0 done, 1 failed, 2 wrong arguments (or, for import, some items skipped).`;

async function withDatabase<T>(run: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const config = parseConfig(process.env);
  const handle = connectDatabase(config.database);
  try {
    await checkDatabaseReachable(handle, config.database);
    await withStartupLock(handle, () => migrateToLatest(handle.db, handle.kind));
    return await run(handle);
  } finally {
    await handle.db.destroy();
  }
}

/** A yes-or-no question at the terminal; anything but "y" or "yes" is no. */
async function confirm(question: string): Promise<boolean> {
  const lines = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  process.stderr.write(question);
  for await (const line of lines) {
    lines.close();
    return /^y(es)?$/i.test(line.trim());
  }
  return false;
}

async function readPassword(): Promise<string> {
  if (process.env.QUIRE_ADMIN_PASSWORD) return process.env.QUIRE_ADMIN_PASSWORD;
  const lines = createInterface({
    input: process.stdin,
    output: process.stdin.isTTY ? process.stderr : undefined,
    terminal: false,
  });
  if (process.stdin.isTTY) process.stderr.write('Password (at least 12 characters): ');
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

async function runCli(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'import': {
      const file = rest[0];
      if (!file) throw new UsageError('import needs the path of a content file.');
      const json = JSON.parse(await readFile(file, 'utf8')) as unknown;
      const result = await withDatabase((handle) => importContent(handle, json));
      console.log(`Imported ${result.posts} posts and pages, ${result.mediaIds.size} images.`);
      for (const line of result.skipped) console.error(`Skipped ${line}`);
      return result.skipped.length > 0 ? 2 : 0;
    }
    case 'export': {
      const archive = await withDatabase(exportContent);
      const json = `${JSON.stringify(archive, null, 2)}\n`;
      if (rest[0]) {
        await writeFile(rest[0], json);
        console.error(
          `Exported ${archive.posts.length} posts and pages, ${archive.media.length} images to ${rest[0]}.`,
        );
      } else process.stdout.write(json);
      return 0;
    }
    case 'forms': {
      const [action, file] = rest;
      if (action === 'export') {
        const archive = await withDatabase(exportForms);
        const json = `${JSON.stringify(archive, null, 2)}\n`;
        if (file) {
          await writeFile(file, json);
          console.error(`Exported ${archive.forms.length} forms to ${file}.`);
        } else process.stdout.write(json);
        return 0;
      }
      if (action === 'import' && file) {
        const { values } = parseArgs({
          args: rest.slice(2),
          options: { replace: { type: 'boolean' }, 'restore-deleted': { type: 'boolean' } },
        });
        const json = JSON.parse(await readFile(file, 'utf8')) as unknown;
        const outcome = await withDatabase(async (handle) => {
          const plan = await planFormsImport(handle, json);
          const consent: ImportConsent = {
            replace: values.replace === true,
            restore: values['restore-deleted'] === true,
          };
          if (process.stdin.isTTY) {
            for (const line of formatImportPlan(plan)) console.error(line);
            for (const asked of ['replace', 'restore'] as const) {
              const count = plan.filter((item) => item.action === asked).length;
              if (count > 0 && !consent[asked])
                consent[asked] = await confirm(importQuestion(asked, count));
            }
          }
          return importForms(handle, plan, consent);
        });
        const lines = formatImportOutcome(outcome);
        for (const line of lines.done) console.log(line);
        for (const line of lines.skipped) console.error(line);
        return lines.skipped.length > 0 ? 1 : 0;
      }
      throw new UsageError(
        'use: forms export [file.json] or forms import <file.json> [--replace] [--restore-deleted]',
      );
    }
    case 'admin': {
      const { positionals, values } = parseArgs({
        args: rest,
        options: { email: { type: 'string' }, name: { type: 'string' } },
        allowPositionals: true,
      });
      const action = positionals[0];
      if ((action !== 'create' && action !== 'password') || !values.email)
        throw new UsageError(
          'use: admin create --email <address>, or admin password --email <address>',
        );
      const email = values.email;
      const password = await readPassword();
      if (action === 'password') {
        await withDatabase((handle) => setAdminPassword(handle.db, email, password));
        console.log(
          `Set a new password for ${email.trim().toLowerCase()}; every session of it has ended.`,
        );
        return 0;
      }
      const user = await withDatabase((handle) =>
        createAdmin(handle.db, { email, password, ...(values.name ? { name: values.name } : {}) }),
      );
      console.log(`Created the administrator ${user.email}.`);
      return 0;
    }
    case 'users': {
      const { positionals, values } = parseArgs({
        args: rest,
        options: { role: { type: 'string' } },
        allowPositionals: true,
      });
      const [action, email] = positionals;
      if (action === 'list' && positionals.length === 1) {
        const users = await withDatabase(({ db }) => listUsers(db));
        for (const user of users) {
          console.log(`${user.email}\t${user.role}\t${user.posts} posts\t${user.name}`);
        }
        return 0;
      }
      const role = values.role;
      if ((action !== 'invite' && action !== 'role') || !email || !isRole(role)) {
        throw new UsageError(
          'use: users list, users invite <address> --role administrator|editor|author, or users role <address> --role …',
        );
      }
      if (action === 'role') {
        await withDatabase(async ({ db }) => {
          const user = (await listUsers(db)).find(
            (row) => row.email === email.trim().toLowerCase(),
          );
          if (!user) throw new UsageError(`No account has the address ${email}.`);
          await changeRole(db, user.id, role);
        });
        console.log(`${email.trim().toLowerCase()} is now ${role}.`);
        return 0;
      }
      const config = parseConfig(process.env);
      const link = await withDatabase(async ({ db }) => {
        const inviter = (await listUsers(db)).find((row) => row.role === 'administrator');
        if (!inviter) throw new UsageError('Create an administrator first: admin create --email …');
        const invite = await inviteUser(db, { email, role, invitedBy: inviter.id });
        const url = `${config.siteUrl}/admin/invite/${invite.token}`;
        const site = await readSiteSettings(db, console);
        await enqueueMail(db, {
          to: invite.email,
          subject: userAdminMessages.mailSubject(site.title),
          text: userAdminMessages.mailText(
            site.title,
            inviter.name || inviter.email,
            roleNames[role],
            url,
            new Date(Date.now() + inviteLifetimeMs).toISOString().slice(0, 10),
          ),
        });
        return url;
      });
      console.log(
        `Invited ${email.trim().toLowerCase()} as ${role}; the mail is in the outbox. The link, valid 7 days:\n${link}`,
      );
      return 0;
    }
    case 'coupons': {
      const site = await withDatabase(async ({ db }) => ({
        currency: currencyOf(await readPaymentSettings(db, console)),
        timeZone: (await readSiteSettings(db, console)).timeZone,
      }));
      const command = parseCouponsArguments(rest, site);
      if (command.action === 'list') {
        const coupons = await withDatabase(({ db }) => listCoupons(db));
        process.stdout.write(formatCoupons(coupons, site.currency));
        return 0;
      }
      if (command.action === 'delete') {
        const deleted = await withDatabase(({ db }) => deleteCoupon(db, command.code));
        if (!deleted) throw new UsageError(`There is no coupon ${command.code.toUpperCase()}.`);
        console.log(`Deleted the coupon ${command.code.toUpperCase()}.`);
        return 0;
      }
      const problem = newCouponProblem(command.coupon);
      if (problem) throw new UsageError(problem);
      await withDatabase(async ({ db }) => {
        if (command.coupon.formId !== undefined && !(await findForm(db, command.coupon.formId))) {
          throw new UsageError(`There is no form ${command.coupon.formId}.`);
        }
        await createCoupon(db, command.coupon);
      });
      console.log(`Created the coupon ${command.coupon.code.toUpperCase()}.`);
      return 0;
    }
    case 'redirects':
      return runRedirects(parseRedirectsArguments(rest), { withDatabase, confirm });
    case 'import-wordpress':
      return runWordPressImport(parseImportArguments(rest), { withDatabase });
    case 'import-ghost':
      return runGhostImport(parseGhostImportArguments(rest), { withDatabase });
    case 'import-wpforms':
      return runWpformsImport(parseWpformsImportArguments(rest), { withDatabase });
    case 'import-wpforms-entries':
      return runWpformsEntriesImport(parseWpformsEntriesArguments(rest), { withDatabase });
    case 'entries': {
      if (rest[0] === 'payment') {
        const change = parsePaymentArguments(rest.slice(1));
        const outcome = await withDatabase(async (handle) => {
          const config = parseConfig(process.env);
          const secret = await loadOrCreateSecret(handle.db, 'app', config.secret);
          const payments = createPaymentsDependencies({
            db: handle.db,
            secret,
            log: createLogger(config.logLevel),
            stripe: config.stripe,
          });
          return recordPayment(payments, { ...change, now: Date.now() });
        });
        if (outcome === 'no-such-order') {
          throw new UsageError(`Entry ${change.entryId} is not an order.`);
        }
        if (outcome === 'not-allowed') {
          throw new UsageError(
            `Entry ${change.entryId}'s payment cannot become ${change.status}: a payment status moves forward only (awaiting → paid or failed, failed → paid, paid → refunded).`,
          );
        }
        console.log(
          outcome === 'changed'
            ? `Entry ${change.entryId}: payment ${change.status}.`
            : `Entry ${change.entryId} was already ${change.status}.`,
        );
        return 0;
      }
      if (rest[0] === 'delete') {
        const entryId = parseEntryNumber('delete', rest.slice(1));
        const deleted = await withDatabase(({ db }) =>
          deleteEntry(
            { db, storages: fileStorages(db, () => readFileSettings(db, console)) },
            entryId,
          ),
        );
        if (!deleted) throw new UsageError(`There is no entry ${entryId}.`);
        console.log(`Deleted entry ${entryId} and its files.`);
        return 0;
      }
      const command = parseEntriesArguments(rest);
      if (command.action === 'list') {
        const { entries, titles } = await withDatabase(async ({ db }) => ({
          entries: await readEntriesPage(db, command, { limit: command.limit }),
          titles: new Map((await entryFormChoices(db)).map((form) => [form.id, form.title])),
        }));
        process.stdout.write(
          command.format === 'json'
            ? `${JSON.stringify(entries, null, 2)}\n`
            : formatEntries(entries, titles),
        );
        return 0;
      }
      const count = await withDatabase(async (handle) => {
        const form = await findEntriesForm(handle.db, command.formId);
        if (!form) throw new UsageError(`There is no form ${command.formId}.`);
        const status = command.status ? { status: command.status } : {};
        return writeEntriesCsv(handle, form, createWriteStream(command.file), status);
      });
      console.error(`Exported ${count} entries of form ${command.formId} to ${command.file}.`);
      return 0;
    }
    case 'stats': {
      // Days are the site's calendar days, in its time zone (a site setting).
      const { timeZone } = await withDatabase(({ db }) => readSiteSettings(db, console));
      const today = dayIn(Date.now(), timeZone);
      const command = parseStatsArguments(rest, today);
      if (command.action === 'fold') {
        const config = parseConfig(process.env);
        const { rawDays } = config.stats;
        const { folded, trimmed } = await withDatabase((handle) =>
          foldAndTrim(handle, { rawDays, timeZone }),
        );
        const hits = folded.reduce((sum, day) => sum + day.hits, 0);
        console.log(
          folded.length > 0
            ? `Folded ${folded.length} day(s), ${hits.toLocaleString('en-US')} hits: ${isoDay(folded[0]!.day)} to ${isoDay(folded.at(-1)!.day)}.`
            : 'Nothing to fold: every complete day is folded already.',
        );
        console.log(
          trimmed.deletedHits > 0
            ? `Deleted ${trimmed.deletedHits.toLocaleString('en-US')} raw hits of ${trimmed.days.length} folded day(s) before ${isoDay(today - rawDays)} (STATS_RAW_DAYS=${rawDays}).`
            : `No raw hits before ${isoDay(today - rawDays)} to delete (STATS_RAW_DAYS=${rawDays}).`,
        );
        return 0;
      }
      const report = await withDatabase((handle) => statsReport(handle, command.query));
      process.stdout.write(
        command.format === 'json'
          ? `${JSON.stringify(report, null, 2)}\n`
          : formatStatsReport(report),
      );
      return 0;
    }
    case 'demo': {
      if (rest[0] !== 'remove' || rest.length > 1) throw new UsageError('Use: demo remove');
      const removal = await withDatabase(async (handle) =>
        removeDemoContent({
          handle,
          storages: fileStorages(handle.db, () => readFileSettings(handle.db, console)),
          log: createLogger('warn'),
        }),
      );
      console.log(
        removal
          ? settingsScreenMessages.demoRemoved(demoItems(removal.removed), removal.kept)
          : settingsScreenMessages.demoNothing,
      );
      return 0;
    }
    case 'backup': {
      const [file, ...extra] = rest;
      if (!file || extra.length > 0)
        throw new UsageError('backup needs the path of the file to write.');
      const config = parseConfig(process.env);
      const { database } = config;
      if (database.kind === 'sqlite' && !existsSync(database.file)) {
        throw new ConfigError(
          `There is no database at ${database.file} to back up (DATABASE_URL).`,
        );
      }
      const started = Date.now();
      const log = createLogger(config.logLevel);
      const { manifest, bytes } = await backupSiteToFile(database, file, log, {
        onTable: (name, rows) => {
          if (process.stderr.isTTY) process.stderr.write(`Writing ${name} (${rows} rows)…\n`);
        },
      });
      console.log(formatBackupDone(manifest, file, bytes, Date.now() - started));
      return 0;
    }
    case 'restore': {
      const [file, ...extra] = rest;
      if (!file || extra.length > 0)
        throw new UsageError('restore needs the path of a backup file.');
      if (!existsSync(file)) throw new ConfigError(`There is no file ${file}.`);
      const config = parseConfig(process.env);
      const log = createLogger(config.logLevel);
      const handle = connectDatabase(config.database);
      try {
        await checkDatabaseReachable(handle, config.database);
        const restored = await withStartupLock(handle, () =>
          restoreSiteFromFile(handle, file, log, {
            onTable: (name, rows) => {
              if (process.stderr.isTTY) process.stderr.write(`Loading ${name} (${rows} rows)…\n`);
            },
          }),
        );
        console.log(
          formatRestoreDone(
            restored.manifest,
            restored.rows,
            restored.files,
            restored.migratedAfter,
          ),
        );
      } finally {
        await handle.db.destroy();
      }
      return 0;
    }
    case 'version': {
      if (rest.length > 0) throw new UsageError('version takes no arguments.');
      const config = parseConfig(process.env);
      const build = { quire: packageJson.version, node: process.versions.node };
      const { database } = config;
      // Asking is not starting: a SQLite file that does not exist yet is not made.
      if (database.kind === 'sqlite' && !existsSync(database.file)) {
        const schema = { applied: [], pending: migrationList.map((m) => m.name), unknown: [] };
        console.log(formatVersion(build, databaseName(database), schema));
        return 0;
      }
      const handle = connectDatabase(database);
      try {
        await checkDatabaseReachable(handle, database);
        const schema = await readSchemaState(handle.db);
        console.log(formatVersion(build, databaseName(database), schema));
      } finally {
        await handle.db.destroy();
      }
      return 0;
    }
    case undefined:
    case 'help':
    case '--help':
      console.log(usage);
      return 0;
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

try {
  process.exitCode = await runCli(process.argv.slice(2));
} catch (error) {
  process.exitCode = 1;
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${usage}`);
    process.exitCode = 2;
  } else if (
    error instanceof ConfigError ||
    error instanceof ContentError ||
    error instanceof FormDefinitionError ||
    error instanceof UserError ||
    error instanceof RestoreRefused ||
    error instanceof WxrReadError
  )
    console.error(error.message);
  else if (error instanceof SyntaxError)
    console.error(`The file is not valid JSON: ${error.message}`);
  else if (error instanceof Error && 'code' in error && error.code === 'ENOENT')
    console.error(error.message);
  else throw error;
}
