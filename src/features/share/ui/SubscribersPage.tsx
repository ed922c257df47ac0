import {
  type FeedChoice,
  subscriberAdminMessages as messages,
  type SubscriberFilter,
  type SubscriberRow,
  subscriberFilterQuery,
  subscriberStatuses,
} from '../subscriber-admin.ts';

type Props = {
  feeds: FeedChoice[];
  filter: SubscriberFilter;
  rows: SubscriberRow[];
  total: number;
  page: number;
  pageCount: number;
  counts: Record<SubscriberRow['status'], number>;
  csrf: string;
  timeZone: string;
  /** What the last action did, or why it could not. */
  notice?: { kind: 'done' | 'error'; message: string } | undefined;
  /** The subscriber a Remove asks about, before anything is removed. */
  confirmRemove?: { id: number; email: string; feedTitle: string } | undefined;
};

const listPath = (filter: SubscriberFilter, page?: number) => {
  const query = subscriberFilterQuery(filter, page);
  return `/admin/subscribers${query ? `?${query}` : ''}`;
};

/**
 * `/admin/subscribers`: the people who asked for new posts, per feed (the site or a topic),
 * with a status filter, a search, paging, and per person a resend of the confirmation mail and
 * removal. The filter is a plain GET form and the actions plain POST forms with the session's
 * CSRF token: everything works without the admin's script.
 */
export function SubscribersPage(props: Props) {
  const { feeds, filter, rows, total, page, pageCount, counts, csrf, timeZone, notice } = props;
  const { confirmRemove } = props;
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone });
  const isFiltered = Boolean(filter.feedId !== undefined || filter.status || filter.search);
  const exportQuery = subscriberFilterQuery(filter, 1);
  const back = subscriberFilterQuery(filter);
  return (
    <>
      <div role="status" className="admin-notice" hidden={notice?.kind !== 'done'}>
        {notice?.kind === 'done' ? notice.message : ''}
      </div>
      {notice?.kind === 'error' && (
        <p className="admin-field-error admin-subscribers-error" role="alert">
          {notice.message}
        </p>
      )}
      {confirmRemove && (
        <form
          method="post"
          action="/admin/subscribers"
          className="admin-confirm"
          aria-labelledby="remove-question"
        >
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="action" value="remove" />
          <input type="hidden" name="confirm" value="yes" />
          <input type="hidden" name="id" value={confirmRemove.id} />
          <input type="hidden" name="back" value={back} />
          <p id="remove-question">
            {messages.removeQuestion(confirmRemove.email, confirmRemove.feedTitle)}
          </p>
          <div className="admin-row-actions">
            <button type="submit" className="admin-button admin-button--danger">
              {messages.confirmRemove}
            </button>
            <a className="admin-button" href={`/admin/subscribers${back ? `?${back}` : ''}`}>
              {messages.keep}
            </a>
          </div>
        </form>
      )}
      <p className="admin-list-actions">
        <a className="admin-button" href="/admin/subscribers/import">
          {messages.importLink}
        </a>
        <a
          className="admin-button"
          href={`/admin/subscribers/export.csv${exportQuery ? `?${exportQuery}` : ''}`}
          aria-label={messages.exportLabel}
          download
        >
          {messages.exportLink}
        </a>
      </p>
      <form method="get" action="/admin/subscribers" className="admin-filters" role="search">
        <div className="admin-field">
          <label htmlFor="filter-feed">{messages.feedLabel}</label>
          <select id="filter-feed" name="feed" defaultValue={filter.feedId ?? ''}>
            <option value="">{messages.allFeeds}</option>
            {feeds.map((feed) => (
              <option key={feed.id} value={feed.id}>
                {feed.title}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="filter-status">{messages.statusLabel}</label>
          <select id="filter-status" name="status" defaultValue={filter.status ?? ''}>
            <option value="">{messages.anyStatus}</option>
            {subscriberStatuses.map((status) => (
              <option key={status} value={status}>
                {messages.statusNames[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="filter-q">{messages.searchLabel}</label>
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
            {messages.filter}
          </button>
          {isFiltered && <a href="/admin/subscribers">{messages.showAll}</a>}
        </div>
      </form>
      <p className="admin-count">
        {messages.count(total, isFiltered, page, pageCount)}{' '}
        {messages.totals(counts, filter.feedId !== undefined)}
      </p>
      {rows.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stacked admin-subscribers">
            <caption className="visually-hidden">{messages.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{messages.columns.email}</th>
                <th scope="col">{messages.columns.feed}</th>
                <th scope="col">{messages.columns.status}</th>
                <th scope="col">{messages.columns.since}</th>
                <th scope="col">{messages.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const since =
                  row.status === 'confirmed'
                    ? { label: messages.confirmedOn, at: row.confirmedAt ?? row.createdAt }
                    : row.status === 'unsubscribed'
                      ? { label: messages.unsubscribedOn, at: row.unsubscribedAt ?? row.createdAt }
                      : { label: messages.subscribedOn, at: row.createdAt };
                return (
                  <tr key={row.id}>
                    <th scope="row" className="admin-subscribers__email">
                      {row.email}
                    </th>
                    <td data-label={messages.columns.feed}>{row.feedTitle}</td>
                    <td data-label={messages.columns.status}>
                      <span className={`admin-state admin-state--${row.status}`}>
                        {messages.statusNames[row.status]}
                      </span>
                    </td>
                    <td data-label={messages.columns.since}>
                      {since.label}{' '}
                      <time dateTime={new Date(since.at).toISOString()}>
                        {when.format(since.at)}
                      </time>
                    </td>
                    <td data-label={messages.columns.actions}>
                      <form method="post" action="/admin/subscribers" className="admin-row-actions">
                        <input type="hidden" name="csrf" value={csrf} />
                        <input type="hidden" name="id" value={row.id} />
                        <input type="hidden" name="back" value={back} />
                        {row.status === 'pending' && (
                          <button
                            type="submit"
                            name="action"
                            value="resend"
                            className="admin-button"
                            aria-label={messages.resendLabel(row.email)}
                          >
                            {messages.resend}
                          </button>
                        )}
                        <button
                          type="submit"
                          name="action"
                          value="remove"
                          className="admin-button"
                          aria-label={messages.removeLabel(row.email)}
                        >
                          {messages.remove}
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
        <nav className="admin-paging" aria-label={messages.pagingLabel}>
          {page > 1 ? <a href={listPath(filter, page - 1)}>{messages.newer}</a> : <span />}
          <span>{messages.pageOf(page, pageCount)}</span>
          {page < pageCount ? <a href={listPath(filter, page + 1)}>{messages.older}</a> : <span />}
        </nav>
      )}
      <p className="admin-hint">
        {messages.removeHint} {messages.timesHint(timeZone)}
      </p>
    </>
  );
}
