import { postListMessages as m } from '../messages.ts';

type Row = {
  id: number;
  title: string;
  slug: string;
  state: 'draft' | 'scheduled' | 'published';
  publishedAt: number | null;
  updatedAt: number;
  tags: string[];
};

type Props = {
  /** `posts` or `pages`: the screen's address under /admin, and its words. */
  kind: 'posts' | 'pages';
  rows: Row[];
  total: number;
  page: number;
  pageCount: number;
  filter: { search: string; state: string; tag: string };
  tags: { slug: string; name: string }[];
  /** The site's time zone, which the list's times are in. */
  timeZone: string;
};

const whenIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });

function address(kind: Props['kind'], filter: Props['filter'], page: number): string {
  const params = new URLSearchParams();
  if (filter.search) params.set('q', filter.search);
  if (filter.state) params.set('state', filter.state);
  if (filter.tag) params.set('tag', filter.tag);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/admin/${kind}${query ? `?${query}` : ''}`;
}

/**
 * `/admin/posts` and `/admin/pages`: everything the owner has written, drafts and scheduled
 * ones too, with search, a state and tag filter and paging. A plain GET form: the filter is
 * in the address, so a filtered list can be bookmarked, and it works without JavaScript.
 */
export function PostListPage({
  kind,
  rows,
  total,
  page,
  pageCount,
  filter,
  tags,
  timeZone,
}: Props) {
  const filtered = Boolean(filter.search || filter.state || filter.tag);
  const when = whenIn(timeZone);
  return (
    <>
      <p className="admin-list-actions">
        <a className="admin-button admin-button--primary" href={`/admin/${kind}/new`}>
          {m.newItem[kind]}
        </a>
      </p>
      <form method="get" action={`/admin/${kind}`} className="admin-filters" role="search">
        <div className="admin-field">
          <label htmlFor="filter-q">{m.search}</label>
          <input
            id="filter-q"
            name="q"
            type="search"
            maxLength={200}
            defaultValue={filter.search}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="filter-state">{m.state}</label>
          <select id="filter-state" name="state" defaultValue={filter.state}>
            <option value="">{m.any}</option>
            <option value="draft">{m.states.draft}</option>
            <option value="scheduled">{m.states.scheduled}</option>
            <option value="published">{m.states.published}</option>
          </select>
        </div>
        {kind === 'posts' && (
          <div className="admin-field">
            <label htmlFor="filter-tag">{m.tag}</label>
            <select id="filter-tag" name="tag" defaultValue={filter.tag}>
              <option value="">{m.any}</option>
              {tags.map((tag) => (
                <option key={tag.slug} value={tag.slug}>
                  {tag.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button">
            {m.filter}
          </button>
          {filtered && <a href={`/admin/${kind}`}>{m.showAll}</a>}
        </div>
      </form>
      <p className="admin-count" role="status">
        {m.count(kind, total, filtered, page, pageCount)}
      </p>
      {rows.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{m.caption[kind]}</caption>
            <thead>
              <tr>
                <th scope="col">{m.columns.title}</th>
                <th scope="col">{m.columns.state}</th>
                {kind === 'posts' && <th scope="col">{m.columns.tags}</th>}
                <th scope="col">{m.columns.published}</th>
                <th scope="col">{m.columns.changed}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <a href={`/admin/${kind}/${row.id}`}>{row.title}</a>
                    <span className="admin-table__slug">
                      {row.state === 'published' ? (
                        <a href={`/${row.slug}/`} aria-label={m.viewOnSite(row.title)}>
                          /{row.slug}/
                        </a>
                      ) : (
                        `/${row.slug}/`
                      )}
                    </span>
                  </th>
                  <td>
                    <span className={`admin-state admin-state--${row.state}`}>
                      {m.states[row.state]}
                    </span>
                  </td>
                  {kind === 'posts' && <td>{row.tags.join(', ')}</td>}
                  <td>
                    {row.publishedAt === null ? (
                      m.notPublished
                    ) : (
                      <time dateTime={new Date(row.publishedAt).toISOString()}>
                        {when.format(row.publishedAt)}
                      </time>
                    )}
                  </td>
                  <td>
                    <time dateTime={new Date(row.updatedAt).toISOString()}>
                      {when.format(row.updatedAt)}
                    </time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pageCount > 1 && (
        <nav className="admin-paging" aria-label={m.paging}>
          {page > 1 ? <a href={address(kind, filter, page - 1)}>{m.newer}</a> : <span />}
          <span>{m.pageOf(page, pageCount)}</span>
          {page < pageCount ? <a href={address(kind, filter, page + 1)}>{m.older}</a> : <span />}
        </nav>
      )}
      <p className="admin-hint">{m.timesHint(timeZone)}</p>
    </>
  );
}
