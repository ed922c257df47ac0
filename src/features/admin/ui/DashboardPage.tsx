export type DashboardFigures = {
  statsEnabled: boolean;
  today: { pageViews: number; visitors: number };
  week: { pageViews: number; visitors: number };
  entries: { id: number; formTitle: string; submittedAt: number; summary: string }[];
  pendingSubscribers: number;
  failedMail: number;
  /** The site's time zone: the statistics' days and the entries' times are in it. */
  timeZone: string;
};

const numbers = new Intl.NumberFormat('en');
const whenIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });

function plural(count: number, one: string, many: string): string {
  return `${numbers.format(count)} ${count === 1 ? one : many}`;
}

/** `/admin`: what a site owner wants to see first. */
export function DashboardPage({ figures }: { figures: DashboardFigures }) {
  const { today, week, entries, pendingSubscribers, failedMail, timeZone } = figures;
  const when = whenIn(timeZone);
  return (
    <>
      <p className="admin-list-actions">
        <a className="admin-button admin-button--primary" href="/admin/posts/new">
          Write a post
        </a>{' '}
        <a className="admin-button" href="/admin/pages/new">
          New page
        </a>
      </p>
      <div className="admin-cards">
        <section className="admin-card" aria-labelledby="card-visits">
          <h2 id="card-visits">Visits</h2>
          {figures.statsEnabled ? (
            <dl className="admin-figures">
              <div>
                <dt>Page views today</dt>
                <dd>{numbers.format(today.pageViews)}</dd>
              </div>
              <div>
                <dt>Visitors today</dt>
                <dd>{numbers.format(today.visitors)}</dd>
              </div>
              <div>
                <dt>Page views, 7 days</dt>
                <dd>{numbers.format(week.pageViews)}</dd>
              </div>
              <div>
                <dt>Visitors, 7 days</dt>
                <dd>{numbers.format(week.visitors)}</dd>
              </div>
            </dl>
          ) : (
            <p>Statistics are turned off for this site.</p>
          )}
          <p className="admin-hint">
            Whole days in {timeZone}; your own visits while signed in are not counted.
          </p>
          <p>
            <a href="/admin/stats">See every figure in Statistics</a>
          </p>
        </section>
        <section className="admin-card" aria-labelledby="card-entries">
          <h2 id="card-entries">Newest form entries</h2>
          {entries.length === 0 ? (
            <p>No entries yet.</p>
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
                  {entry.summary ? <span className="admin-list__text">{entry.summary}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="admin-card" aria-labelledby="card-subscribers">
          <h2 id="card-subscribers">Subscribers</h2>
          <p>
            {pendingSubscribers === 0
              ? 'Nobody is waiting to confirm a subscription.'
              : `${plural(pendingSubscribers, 'person has', 'people have')} not confirmed their subscription yet.`}
          </p>
        </section>
        <section className="admin-card" aria-labelledby="card-mail">
          <h2 id="card-mail">Mail</h2>
          <p className={failedMail > 0 ? 'admin-warning' : undefined}>
            {failedMail === 0
              ? 'Every mail was sent.'
              : `${plural(failedMail, 'mail', 'mails')} could not be sent after every retry. Check the mail settings (SMTP_URL) and the server log.`}
          </p>
        </section>
      </div>
    </>
  );
}
