import type { ReactNode } from 'react';
import {
  type EntryListPage,
  type EntryListQuery,
  entryActions,
  entryListHref,
  entrySearchLimit,
  entryViews,
  entryMessages as m,
  paymentFilters,
  spamReasonText,
} from '../../forms/entry-review.ts';

/** The bulk form's id, which the select-all island looks in. */
export const bulkFormId = 'entries-bulk';

type Props = {
  query: EntryListQuery;
  page: EntryListPage;
  forms: { id: number; title: string }[];
  csrf: string;
  timeZone: string;
  /** What the last action did, or why it could not, and what in the address was not taken. */
  notice?: { kind: 'done' | 'error'; message: string } | undefined;
  problems: string[];
  /** The entries a delete waits to be confirmed for. */
  confirmDelete?: number[] | undefined;
  /** The island that ticks every row, placed beside the bulk action. */
  children?: ReactNode;
};

/**
 * `/admin/entries`: every entry across forms, or one form's, newest first, with its filters
 * (form, state, payment, dates, a search of the answers), seek paging, and bulk actions on the
 * ticked rows. Plain forms: it works before and without the admin's script; a delete asks
 * first on a page of its own.
 */
export function EntriesPage({
  query,
  page,
  forms,
  csrf,
  timeZone,
  notice,
  problems,
  confirmDelete,
  children,
}: Props) {
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const here = entryListHref({ ...query, before: undefined, after: undefined });
  const filteredBy =
    query.formId !== undefined ||
    query.payment !== undefined ||
    query.search !== '' ||
    query.from !== '' ||
    query.to !== '' ||
    query.view !== 'entries';
  return (
    <>
      <div role="status" className="admin-notice" hidden={notice?.kind !== 'done'}>
        {notice?.kind === 'done' ? notice.message : ''}
      </div>
      {(notice?.kind === 'error' || problems.length > 0) && (
        <div className="admin-field-error" role="alert">
          {notice?.kind === 'error' && <p>{notice.message}</p>}
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      {confirmDelete && confirmDelete.length > 0 && (
        <form method="post" action={here} className="admin-confirm" aria-labelledby="confirm-q">
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="action" value="delete" />
          <input type="hidden" name="confirm" value="yes" />
          {confirmDelete.map((id) => (
            <input key={id} type="hidden" name="id" value={id} />
          ))}
          <p id="confirm-q">{m.deleteQuestion(confirmDelete.length)}</p>
          <div className="admin-row-actions">
            <button type="submit" className="admin-button admin-button--danger">
              {m.confirmDelete}
            </button>
            <a className="admin-button" href={here}>
              {m.cancel}
            </a>
          </div>
        </form>
      )}
      <form method="get" action="/admin/entries" className="admin-filters" role="search">
        <div className="admin-field">
          <label htmlFor="entries-form">{m.form}</label>
          <select id="entries-form" name="form" defaultValue={query.formId ?? ''}>
            <option value="">{m.allForms}</option>
            {forms.map((form) => (
              <option key={form.id} value={form.id}>
                {form.title}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="entries-view">{m.view}</label>
          <select id="entries-view" name="view" defaultValue={query.view}>
            {entryViews.map((view) => (
              <option key={view} value={view}>
                {m.views[view]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="entries-payment">{m.payment}</label>
          <select id="entries-payment" name="payment" defaultValue={query.payment ?? ''}>
            <option value="">{m.anyPayment}</option>
            {paymentFilters.map((status) => (
              <option key={status} value={status}>
                {m.payments[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="entries-q">{m.search}</label>
          <input
            id="entries-q"
            name="q"
            type="search"
            maxLength={entrySearchLimit}
            defaultValue={query.search}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="entries-from">{m.from}</label>
          <input
            id="entries-from"
            name="from"
            type="date"
            defaultValue={query.from}
            aria-describedby="entries-dates"
          />
        </div>
        <div className="admin-field">
          <label htmlFor="entries-to">{m.to}</label>
          <input
            id="entries-to"
            name="to"
            type="date"
            defaultValue={query.to}
            aria-describedby="entries-dates"
          />
        </div>
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button">
            {m.apply}
          </button>
          {filteredBy && <a href="/admin/entries">{m.clear}</a>}
        </div>
        <p id="entries-dates" className="admin-hint admin-entries__dates">
          {m.datesHint}
        </p>
      </form>
      <p className="admin-count" role="status">
        {m.count(page.total, page.rows.length, filteredBy)}
      </p>
      {page.rows.length > 0 && (
        <form method="post" action={here} className="admin-entries" id={bulkFormId}>
          <input type="hidden" name="csrf" value={csrf} />
          <fieldset className="admin-entries__bulk">
            <legend>{m.bulk}</legend>
            <label htmlFor="entries-action" className="visually-hidden">
              {m.chooseAction}
            </label>
            <select
              id="entries-action"
              name="action"
              defaultValue=""
              className="admin-entries__action"
            >
              <option value="" disabled>
                {m.chooseAction}
              </option>
              {entryActions.map((action) => (
                <option key={action} value={action}>
                  {m.actions[action]}
                </option>
              ))}
            </select>
            <button type="submit" className="admin-button">
              {m.bulkApply}
            </button>
            {children}
          </fieldset>
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--stacked admin-entries__table">
              <caption className="visually-hidden">{m.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{m.columns.select}</span>
                  </th>
                  <th scope="col">{m.columns.entry}</th>
                  <th scope="col">{m.columns.form}</th>
                  <th scope="col">{m.columns.submitted}</th>
                  <th scope="col">{m.columns.state}</th>
                </tr>
              </thead>
              <tbody>
                {page.rows.map((row) => (
                  <tr key={row.id} className={row.status === 'spam' ? 'admin-entries__spam' : ''}>
                    <td className="admin-entries__select">
                      <input
                        type="checkbox"
                        name="id"
                        value={row.id}
                        id={`entry-${row.id}`}
                        aria-label={m.selectEntry(row.id)}
                      />
                    </td>
                    <th scope="row">
                      <a href={`/admin/entries/${row.id}`}>{m.open(row.id)}</a>
                      <span className="admin-table__slug">{row.preview || m.noAnswers}</span>
                    </th>
                    <td data-label={m.columns.form}>{row.formTitle}</td>
                    <td data-label={m.columns.submitted}>
                      <time dateTime={new Date(row.submittedAt).toISOString()}>
                        {when.format(row.submittedAt)}
                      </time>
                    </td>
                    <td data-label={m.columns.state}>
                      <span className="admin-entries__states">
                        {row.starred && (
                          <span className="admin-state admin-state--starred">★ {m.starred}</span>
                        )}
                        {row.status === 'spam' ? (
                          <span
                            className="admin-state admin-state--failed"
                            title={spamReasonText(row.spamReason)}
                          >
                            {m.spam}
                          </span>
                        ) : (
                          <span className="admin-state admin-state--published">{m.entry}</span>
                        )}
                        {row.payment && (
                          <span className={`admin-state admin-state--pay-${row.payment.status}`}>
                            {`${m.payments[row.payment.status]} · ${row.payment.amount}`}
                          </span>
                        )}
                      </span>
                      {row.status === 'spam' && (
                        <span className="admin-table__slug">{spamReasonText(row.spamReason)}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="admin-hint">{m.bulkHint}</p>
        </form>
      )}
      {(page.newerThan !== null || page.olderThan !== null) && (
        <nav className="admin-paging" aria-label={m.paging}>
          {page.newerThan !== null ? (
            <a href={entryListHref({ ...query, before: undefined, after: page.newerThan })}>
              {m.newer}
            </a>
          ) : (
            <span />
          )}
          {page.olderThan !== null ? (
            <a href={entryListHref({ ...query, after: undefined, before: page.olderThan })}>
              {m.older}
            </a>
          ) : (
            <span />
          )}
        </nav>
      )}
      <p className="admin-hint">{m.timesHint(timeZone)}</p>
    </>
  );
}
