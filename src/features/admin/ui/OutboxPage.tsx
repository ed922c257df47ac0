import type { WaitingMail } from '../../../platform/mail/outbox-review.ts';
import { outboxMessages as m } from '../messages.ts';

type Props = {
  mails: WaitingMail[];
  pending: number;
  failed: number;
  csrf: string;
  timeZone: string;
  /** What the last action did, or why it could not. */
  notice?: { kind: 'done' | 'error'; message: string } | undefined;
};

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
        {pending + failed === 0 ? m.allSent : m.counts(pending, failed)}
      </p>
      {mails.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stacked">
            <caption className="visually-hidden">{m.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{m.columns.subject}</th>
                <th scope="col">{m.columns.to}</th>
                <th scope="col">{m.columns.state}</th>
                <th scope="col">{m.columns.lastError}</th>
                <th scope="col">{m.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => {
                const name = mail.subject || m.untitled(mail.id);
                return (
                  <tr key={mail.id}>
                    <th scope="row">
                      {name}
                      <span className="admin-table__slug">
                        {m.queued}{' '}
                        <time dateTime={new Date(mail.queuedAt).toISOString()}>
                          {when.format(mail.queuedAt)}
                        </time>
                      </span>
                    </th>
                    <td data-label={m.columns.to}>{mail.to || '—'}</td>
                    <td data-label={m.columns.state}>
                      <span
                        className={`admin-state admin-state--${mail.status === 'failed' ? 'failed' : 'scheduled'}`}
                      >
                        {m.states[mail.status]}
                      </span>
                      <span className="admin-table__slug">
                        {m.attempts(mail.attempts)}
                        {mail.status === 'pending' && (
                          <>
                            {m.next}{' '}
                            <time dateTime={new Date(mail.nextAttemptAt).toISOString()}>
                              {when.format(mail.nextAttemptAt)}
                            </time>
                          </>
                        )}
                      </span>
                    </td>
                    <td className="admin-outbox-error" data-label={m.columns.lastError}>
                      {mail.lastError ?? '—'}
                    </td>
                    <td data-label={m.columns.actions}>
                      <form method="post" action="/admin/outbox" className="admin-row-actions">
                        <input type="hidden" name="csrf" value={csrf} />
                        <input type="hidden" name="id" value={mail.id} />
                        <button
                          type="submit"
                          name="action"
                          value="retry"
                          className="admin-button"
                          aria-label={m.sendNowLabel(name)}
                        >
                          {m.sendNow}
                        </button>
                        <button
                          type="submit"
                          name="action"
                          value="discard"
                          className="admin-button"
                          aria-label={m.discardLabel(name)}
                        >
                          {m.discard}
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
      <p className="admin-hint">{m.hint(timeZone)}</p>
    </>
  );
}
