import {
  type RedirectEditor,
  type RedirectFilter,
  type RedirectRow,
  readablePath,
  redirectFilterQuery,
} from '../../content/redirect-admin.ts';
import { redirectScreenMessages as m } from '../address-screen-messages.ts';
import { PostedField } from './PostedField.tsx';

type Notice = { kind: 'done' | 'error'; message: string };

type Props = {
  rows: RedirectRow[];
  total: number;
  page: number;
  pageCount: number;
  filter: RedirectFilter;
  editor: RedirectEditor;
  csrf: string;
  timeZone: string;
  notice?: Notice | undefined;
  /** The redirect a Delete asks about, before anything is deleted. */
  confirmDelete?: RedirectRow | undefined;
};

export function ScreenNotice({ notice }: { notice: Notice | undefined }) {
  return (
    <>
      <div role="status" className="admin-notice" hidden={notice?.kind !== 'done'}>
        {notice?.kind === 'done' ? notice.message : ''}
      </div>
      {notice?.kind === 'error' && (
        <p className="admin-error" role="alert">
          {notice.message}
        </p>
      )}
    </>
  );
}

const listPath = (filter: RedirectFilter, page?: number) => {
  const query = redirectFilterQuery(filter, page);
  return `/admin/redirects${query ? `?${query}` : ''}`;
};

/**
 * `/admin/redirects`: every redirect from an old address (those address changes made, those
 * the owner added or imported), searchable and paged; the form that adds one, and per redirect
 * its deletion once confirmed. Plain forms with the session's CSRF token: everything works
 * without the admin's script.
 */
export function RedirectsPage(props: Props) {
  const { rows, total, page, pageCount, filter, editor, csrf, timeZone, notice } = props;
  const { confirmDelete } = props;
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const back = redirectFilterQuery(filter);
  return (
    <>
      <ScreenNotice notice={notice} />
      {confirmDelete && (
        <form
          method="post"
          action="/admin/redirects"
          className="admin-confirm"
          aria-labelledby="delete-question"
        >
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="action" value="delete" />
          <input type="hidden" name="confirm" value="yes" />
          <input type="hidden" name="id" value={confirmDelete.id} />
          <input type="hidden" name="back" value={back} />
          <p id="delete-question">
            {m.confirmDelete(readablePath(confirmDelete.from), confirmDelete.to)}
          </p>
          <div className="admin-row-actions">
            <button type="submit" className="admin-button admin-button--danger">
              {m.confirmDeleteButton}
            </button>
            <a className="admin-button" href={listPath(filter)}>
              {m.keep}
            </a>
          </div>
        </form>
      )}
      <p className="admin-hint admin-lead">{m.intro}</p>
      <p className="admin-list-actions">
        <a className="admin-button" href="/admin/redirects/import">
          {m.importLink}
        </a>
        <a
          className="admin-button"
          href="/admin/redirects/export.csv"
          aria-label={m.exportLabel}
          download
        >
          {m.exportLink}
        </a>
      </p>
      <form
        method="post"
        action="/admin/redirects"
        className="admin-card admin-form admin-redirects__add"
        aria-labelledby="redirect-add-heading"
        noValidate
      >
        <h2 id="redirect-add-heading">{m.addHeading}</h2>
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="action" value="add" />
        <input type="hidden" name="back" value={back} />
        <div className="admin-redirects__fields">
          <PostedField
            id="redirect-from"
            name="from"
            label={m.from}
            defaultValue={editor.values.from}
            hint={m.fromHint}
            error={editor.errors.from}
            maxLength={1000}
            spellCheck={false}
            required
          />
          <PostedField
            id="redirect-to"
            name="to"
            label={m.to}
            defaultValue={editor.values.to}
            hint={m.toHint}
            error={editor.errors.to}
            maxLength={1000}
            spellCheck={false}
            required
          />
        </div>
        <div className="admin-form__actions">
          <button type="submit" className="admin-button admin-button--primary">
            {m.add}
          </button>
        </div>
      </form>
      <form method="get" action="/admin/redirects" className="admin-filters" role="search">
        <div className="admin-field">
          <label htmlFor="filter-q">{m.searchLabel}</label>
          <input
            id="filter-q"
            name="q"
            type="search"
            maxLength={200}
            defaultValue={filter.search}
          />
        </div>
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button">
            {m.filter}
          </button>
          {filter.search && <a href="/admin/redirects">{m.showAll}</a>}
        </div>
      </form>
      <p className="admin-count">{m.count(total, Boolean(filter.search), page, pageCount)}</p>
      {rows.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stacked admin-redirects">
            <caption className="visually-hidden">{m.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{m.columns.from}</th>
                <th scope="col">{m.columns.to}</th>
                <th scope="col">{m.columns.source}</th>
                <th scope="col">{m.columns.changed}</th>
                <th scope="col">{m.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const from = readablePath(row.from);
                return (
                  <tr key={row.id}>
                    <th scope="row" className="admin-redirects__path">
                      {from}
                    </th>
                    <td data-label={m.columns.to} className="admin-redirects__path">
                      <a href={row.to}>{readablePath(row.to)}</a>
                    </td>
                    <td data-label={m.columns.source}>{m.sources[row.source]}</td>
                    <td data-label={m.columns.changed}>
                      <time dateTime={new Date(row.updatedAt).toISOString()}>
                        {when.format(row.updatedAt)}
                      </time>
                    </td>
                    <td data-label={m.columns.actions}>
                      <form method="post" action="/admin/redirects" className="admin-row-actions">
                        <input type="hidden" name="csrf" value={csrf} />
                        <input type="hidden" name="action" value="delete" />
                        <input type="hidden" name="id" value={row.id} />
                        <input type="hidden" name="back" value={back} />
                        <button
                          type="submit"
                          className="admin-button"
                          aria-label={m.deleteLabel(from)}
                        >
                          {m.delete}
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
      {pageCount > 1 && (
        <nav className="admin-paging" aria-label={m.pagingLabel}>
          {page > 1 ? <a href={listPath(filter, page - 1)}>{m.newer}</a> : <span />}
          <span>{m.pageOf(page, pageCount)}</span>
          {page < pageCount ? <a href={listPath(filter, page + 1)}>{m.older}</a> : <span />}
        </nav>
      )}
      {rows.length > 0 && <p className="admin-hint">{m.timesHint(timeZone)}</p>}
    </>
  );
}
