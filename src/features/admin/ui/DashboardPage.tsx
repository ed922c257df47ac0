import { importScreenMessages } from '../../import/import-screen-messages.ts';
import { backupMessages } from '../backup-messages.ts';
import { dashboardMessages as m } from '../messages.ts';
import type { Permission } from '../permissions.ts';

export type DashboardFigures = {
  statsEnabled: boolean;
  today: { pageViews: number; visitors: number };
  week: { pageViews: number; visitors: number };
  entries: { id: number; formTitle: string; submittedAt: number; summary: string }[];
  pendingSubscribers: number;
  failedMail: number;
  /** The folder mail is written to when no mail server is set; undefined when one is. */
  mailKeptIn: string | undefined;
  /** The site's time zone: the statistics' days and the entries' times are in it. */
  timeZone: string;
  /** Whether the demo's content is still on the site. */
  demo: boolean;
  /** No post of the owner's yet (none, or only the demo's) and no import made. */
  emptySite: boolean;
  /** The last daily backup, when it failed or was cut off: the dashboard says so. */
  backupProblem?: { day: string; error: string | undefined } | undefined;
};

const numbers = new Intl.NumberFormat('en');
const whenIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });

/** `/admin`: what a site owner wants to see first. */
export function DashboardPage({
  figures,
  can,
}: {
  figures: DashboardFigures;
  /** What the user may do: the dashboard shows the cards of what they may open. */
  can: readonly Permission[];
}) {
  const may = (permission: Permission) => can.includes(permission);
  const { today, week, entries, pendingSubscribers, failedMail, mailKeptIn, timeZone } = figures;
  const { backupProblem } = figures;
  const when = whenIn(timeZone);
  return (
    <>
      {figures.demo && may('settings') && (
        <p className="admin-notice" id="demo-still-here">
          {m.demoStill} <a href="/admin/settings">{m.demoWhere}</a>
        </p>
      )}
      {figures.emptySite && may('import') && (
        <p className="admin-notice" id="import-your-site">
          {importScreenMessages.emptySiteHint}{' '}
          <a href="/admin/import">{importScreenMessages.emptySiteLink}</a>
        </p>
      )}
      <p className="admin-list-actions">
        <a className="admin-button admin-button--primary" href="/admin/posts/new">
          {m.writePost}
        </a>{' '}
        {may('pages') && (
          <a className="admin-button" href="/admin/pages/new">
            {m.newPage}
          </a>
        )}
      </p>
      <div className="admin-cards">
        {may('stats') && (
          <section className="admin-card" aria-labelledby="card-visits">
            <h2 id="card-visits">{m.visits}</h2>
            {figures.statsEnabled ? (
              <dl className="admin-figures">
                <div>
                  <dt>{m.pageViewsToday}</dt>
                  <dd>{numbers.format(today.pageViews)}</dd>
                </div>
                <div>
                  <dt>{m.visitorsToday}</dt>
                  <dd>{numbers.format(today.visitors)}</dd>
                </div>
                <div>
                  <dt>{m.pageViewsWeek}</dt>
                  <dd>{numbers.format(week.pageViews)}</dd>
                </div>
                <div>
                  <dt>{m.visitorsWeek}</dt>
                  <dd>{numbers.format(week.visitors)}</dd>
                </div>
              </dl>
            ) : (
              <p>{m.statsOff}</p>
            )}
            <p className="admin-hint">{m.daysHint(timeZone)}</p>
            <p>
              <a href="/admin/stats">{m.allStats}</a>
            </p>
          </section>
        )}
        {may('entries') && (
          <section className="admin-card" aria-labelledby="card-entries">
            <h2 id="card-entries">{m.newestEntries}</h2>
            {entries.length === 0 ? (
              <p>{m.noEntries}</p>
            ) : (
              <ul className="admin-list">
                {entries.map((entry) => (
                  <li key={entry.id}>
                    <strong>{entry.formTitle}</strong>
                    <span className="admin-list__meta">
                      {' '}
                      ·{' '}
                      <time dateTime={new Date(entry.submittedAt).toISOString()}>
                        {when.format(entry.submittedAt)}
                      </time>
                    </span>
                    {entry.summary ? (
                      <span className="admin-list__text">{entry.summary}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        {may('subscribers') && (
          <section className="admin-card" aria-labelledby="card-subscribers">
            <h2 id="card-subscribers">{m.subscribers}</h2>
            <p>{pendingSubscribers === 0 ? m.nobodyPending : m.pending(pendingSubscribers)}</p>
          </section>
        )}
        {may('outbox') && (
          <section className="admin-card" aria-labelledby="card-mail">
            <h2 id="card-mail">{m.mail}</h2>
            {mailKeptIn !== undefined ? (
              <p className="admin-warning">{m.mailKeptLocally(mailKeptIn)}</p>
            ) : (
              <p className={failedMail > 0 ? 'admin-warning' : undefined}>
                {failedMail === 0 ? m.allMailSent : m.mailFailed(failedMail)}
              </p>
            )}
          </section>
        )}
        {backupProblem && may('settings') && (
          <section className="admin-card" aria-labelledby="card-backups">
            <h2 id="card-backups">{backupMessages.dashboardCard}</h2>
            <p className="admin-warning">
              {backupProblem.error === undefined
                ? backupMessages.dashboardInterrupted(backupProblem.day)
                : backupMessages.dashboardFailed(backupProblem.day, backupProblem.error)}
            </p>
            <p>
              <a href="/admin/backups">{backupMessages.dashboardLink}</a>
            </p>
          </section>
        )}
      </div>
    </>
  );
}
