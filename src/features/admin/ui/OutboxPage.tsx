import type { WaitingMail } from '../../../platform/mail/outbox-review.ts';

type Props = {
  mails: WaitingMail[];
  pending: number;
  failed: number;
  csrf: string;
  timeZone: string;
  /** What the last action did, or why it could not. */
  notice?: { kind: 'done' | 'error'; message: string } | undefined;
};

const statusLabels = { pending: 'Waiting', failed: 'Failed' } as const;

/**
 * `/admin/outbox`: the mails that have not gone yet (waiting for their next attempt) and those
 * given up on, with the mail server's last answer; each can be sent again now or discarded.
 * Plain forms: they work before and without the admin's script.
 */
export function OutboxPage({ mails, pending, failed, csrf, timeZone, notice }: Props) {
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  return (
    <>
      <div role="status" className="admin-notice" hidden={notice?.kind !== 'done'}>
        {notice?.kind === 'done' ? notice.message : ''}
      </div>
      {notice?.kind === 'error' && (
        <p className="admin-field-error" role="alert">
          {notice.message}
        </p>
      )}
      <p className="admin-count">
        {pending + failed === 0
          ? 'Every mail has been sent.'
          : `${pending} waiting, ${failed} failed.`}
      </p>
      {mails.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stacked">
            <caption className="visually-hidden">Mails not sent</caption>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">To</th>
                <th scope="col">State</th>
                <th scope="col">Last error</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => {
                const name = mail.subject || `Mail ${mail.id}`;
                return (
                  <tr key={mail.id}>
                    <th scope="row">
                      {name}
                      <span className="admin-table__slug">
                        queued{' '}
                        <time dateTime={new Date(mail.queuedAt).toISOString()}>
                          {when.format(mail.queuedAt)}
                        </time>
                      </span>
                    </th>
                    <td data-label="To">{mail.to || '—'}</td>
                    <td data-label="State">
                      <span
                        className={`admin-state admin-state--${mail.status === 'failed' ? 'failed' : 'scheduled'}`}
                      >
                        {statusLabels[mail.status]}
                      </span>
                      <span className="admin-table__slug">
                        {mail.attempts} {mail.attempts === 1 ? 'attempt' : 'attempts'}
                        {mail.status === 'pending' && (
                          <>
                            , next{' '}
                            <time dateTime={new Date(mail.nextAttemptAt).toISOString()}>
                              {when.format(mail.nextAttemptAt)}
                            </time>
                          </>
                        )}
                      </span>
                    </td>
                    <td className="admin-outbox-error" data-label="Last error">
                      {mail.lastError ?? '—'}
                    </td>
                    <td data-label="Actions">
                      <form method="post" action="/admin/outbox" className="admin-row-actions">
                        <input type="hidden" name="csrf" value={csrf} />
                        <input type="hidden" name="id" value={mail.id} />
                        <button
                          type="submit"
                          name="action"
                          value="retry"
                          className="admin-button"
                          aria-label={`Send “${name}” now`}
                        >
                          Send now
                        </button>
                        <button
                          type="submit"
                          name="action"
                          value="discard"
                          className="admin-button"
                          aria-label={`Discard “${name}”`}
                        >
                          Discard
                        </button>
                      </form>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className="admin-hint">
        A mail the server does not take is tried again later, up to its last attempt; then it is
        kept here as failed. Times are in the site’s time zone, {timeZone}.
      </p>
    </>
  );
}
