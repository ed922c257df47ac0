import { dashboardMessages } from '../features/admin/messages.ts';
import type { DashboardFigures } from '../features/admin/ui/DashboardPage.tsx';
import { readEntriesPage } from '../features/forms/server/entry-queries.ts';
import { entryFormChoices } from '../features/forms/server/entry-review.ts';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import { statsReport } from '../features/stats/server/reports.ts';
import { readStatsSettings } from '../features/stats/server/stats-settings-store.ts';
import { dayIn, isoDay } from '../features/stats/stat-days.ts';
import { lastDaysQuery } from '../features/stats/stats-query.ts';
import type { AppContext } from './boot.ts';
import { latestBackupRun, readBackupSettings } from './daily-backups.ts';
import { demoSummary } from './demo-content.ts';

/** Newest entries on the dashboard. */
const newestEntries = 5;

/**
 * What the dashboard's cards show, gathered from the features that own it: page views and
 * visitors today and over 7 days (whole days of the site's time zone, as the statistics count
 * them), the newest
 * form entries, subscribers who have not confirmed, and mail that could not be sent.
 */
export async function loadDashboardFigures(
  app: AppContext,
  now = Date.now(),
): Promise<DashboardFigures> {
  const { db } = app.database;
  const { timeZone } = await readSiteSettings(db, app.log);
  const today = dayIn(now, timeZone);
  const [settings, week, entries, forms, pending, failed, mailRoute, demo, backups, lastBackup] =
    await Promise.all([
      readStatsSettings(db, app.log),
      statsReport(app.database, lastDaysQuery(today, 7, 1)),
      readEntriesPage(db, { status: 'entry' }, { limit: newestEntries }),
      entryFormChoices(db),
      db
        .selectFrom('subscribers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'failed')
        .executeTakeFirstOrThrow(),
      app.mail.route(),
      demoSummary(db),
      readBackupSettings(db, app.log),
      latestBackupRun(db, now),
    ]);
  // Nothing of the owner's yet (no post, or only the demo's) and nothing imported: the
  // dashboard offers to import a site.
  const [anyPost, anyImport] = await Promise.all([
    db.selectFrom('posts').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('import_runs').select('id').limit(1).executeTakeFirst(),
  ]);
  const backupFailed =
    backups.daily && (lastBackup?.state === 'failed' || lastBackup?.state === 'interrupted');
  const titles = new Map(forms.map((form) => [form.id, form.title]));
  const lastDay = week.daily.at(-1);
  return {
    statsEnabled: settings.enabled,
    today: { pageViews: lastDay?.pageViews ?? 0, visitors: lastDay?.visitors ?? 0 },
    week: { pageViews: week.totals.pageViews, visitors: week.totals.visitors },
    entries: entries.map((entry) => ({
      id: entry.id,
      formTitle: titles.get(entry.formId) ?? dashboardMessages.unnamedForm(entry.formId),
      submittedAt: entry.submittedAt,
      summary: entry.fields
        .map((field) => field.value)
        .filter((value) => value.trim() !== '')
        .slice(0, 2)
        .join(' · ')
        .slice(0, 120),
    })),
    pendingSubscribers: Number(pending.n),
    failedMail: Number(failed.n),
    mailKeptIn: mailRoute.reachesPeople ? undefined : mailRoute.destination,
    timeZone,
    demo: demo !== undefined,
    emptySite: (demo !== undefined || anyPost === undefined) && anyImport === undefined,
    backupProblem:
      backupFailed && lastBackup
        ? { day: isoDay(lastBackup.day), error: lastBackup.error ?? undefined }
        : undefined,
  };
}
