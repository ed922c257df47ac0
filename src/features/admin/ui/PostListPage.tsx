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

const stateLabels = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' } as const;
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
  const noun = kind === 'posts' ? 'post' : 'page';
  const filtered = Boolean(filter.search || filter.state || filter.tag);
  const when = whenIn(timeZone);
  return (
    <>
      <p className="admin-list-actions">
        <a className="admin-button admin-button--primary" href={`/admin/${kind}/new`}>
          {kind === 'posts' ? 'New post' : 'New page'}
        </a>
      </p>
      <form method="get" action={`/admin/${kind}`} className="admin-filters" role="search">
        <div className="admin-field">
          <label htmlFor="filter-q">Title contains</label>
          <input
            id="filter-q"
            name="q"
            type="search"
            maxLength={200}
            defaultValue={filter.search}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="filter-state">State</label>
          <select id="filter-state" name="state" defaultValue={filter.state}>
            <option value="">Any</option>
            <option value="draft">Draft</option>
            <option value="scheduled">Scheduled</option>
            <option value="published">Published</option>
          </select>
        </div>
        {kind === 'posts' && (
          <div className="admin-field">
            <label htmlFor="filter-tag">Tag</label>
            <select id="filter-tag" name="tag" defaultValue={filter.tag}>
              <option value="">Any</option>
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
            Filter
          </button>
          {filtered && <a href={`/admin/${kind}`}>Show all</a>}
        </div>
      </form>
      <p className="admin-count" role="status">
        {total === 0
          ? filtered
            ? `No ${noun} matches this filter.`
            : `No ${noun}s yet.`
          : `${total} ${total === 1 ? noun : `${noun}s`}${filtered ? ' match' : ''}${pageCount > 1 ? `, page ${page} of ${pageCount}` : ''}.`}
      </p>
      {rows.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{kind === 'posts' ? 'Posts' : 'Pages'}</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">State</th>
                {kind === 'posts' && <th scope="col">Tags</th>}
                <th scope="col">Published</th>
                <th scope="col">Changed</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <a href={`/admin/${kind}/${row.id}`}>{row.title}</a>
                    <span className="admin-table__slug">
                      {row.state === 'published' ? (
                        <a href={`/${row.slug}/`} aria-label={`View “${row.title}” on the site`}>
                          /{row.slug}/
                        </a>
                      ) : (
                        `/${row.slug}/`
                      )}
                    </span>
                  </th>
                  <td>
                    <span className={`admin-state admin-state--${row.state}`}>
                      {stateLabels[row.state]}
                    </span>
                  </td>
                  {kind === 'posts' && <td>{row.tags.join(', ')}</td>}
                  <td>
                    {row.publishedAt === null ? (
                      '—'
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
        <nav className="admin-paging" aria-label="Pages of the list">
          {page > 1 ? <a href={address(kind, filter, page - 1)}>Newer</a> : <span />}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? <a href={address(kind, filter, page + 1)}>Older</a> : <span />}
        </nav>
      )}
      <p className="admin-hint">Times are in the site’s time zone, {timeZone}.</p>
    </>
  );
}
