import type { ReactNode } from 'react';
import {
  itemRefValue,
  listActions,
  trashActions,
  trashExpiresAt,
  trashKeepDays,
} from '../../content/post-actions.ts';
import { postListMessages as m } from '../post-list-messages.ts';
import {
  type ListNotice,
  type ListQuestion,
  PostListNotice,
  PostListQuestionForm,
} from './PostListNotices.tsx';

type Kind = 'posts' | 'pages';
type State = 'draft' | 'scheduled' | 'published';

type Row = {
  id: number;
  title: string;
  slug: string;
  state: State;
  publishedAt: number | null;
  updatedAt: number;
  tags: string[];
  revision: number;
  trashedAt: number | null;
  /** Who wrote it; empty when nobody is named. */
  author: string;
};

type Filter = { search: string; state: string; tag: string };

type Props = {
  /** `posts` or `pages`: the screen's address under /admin, and its words. */
  kind: Kind;
  rows: Row[];
  total: number;
  page: number;
  pageCount: number;
  /** `state` is a state, `trash` (the Trash) or empty (everything not in the Trash). */
  filter: Filter;
  counts: Record<State | 'all' | 'trash', number>;
  tags: { slug: string; name: string }[];
  /** The site's time zone, which the list's times are in. */
  timeZone: string;
  csrf: string;
  notice?: ListNotice | undefined;
  question?: ListQuestion | undefined;
  /** The island that ticks every row, placed beside the bulk action. */
  children?: ReactNode;
};

/** The bulk form's id, which the select-all island looks in. */
export const postBulkFormId = 'posts-bulk';

const whenIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });

function address(kind: Kind, filter: Filter, page: number, extra = ''): string {
  const params = new URLSearchParams();
  if (filter.search) params.set('q', filter.search);
  if (filter.state) params.set('state', filter.state);
  if (filter.tag) params.set('tag', filter.tag);
  if (page > 1) params.set('page', String(page));
  const query = params.toString() + (extra && (params.size > 0 ? '&' : '') + extra);
  return `/admin/${kind}${query ? `?${query}` : ''}`;
}

const views = ['all', 'published', 'scheduled', 'draft', 'trash'] as const;

/** All | Published | Scheduled | Drafts | Trash, each with its count, as WordPress has them. */
function ListViews({ kind, filter, counts }: Pick<Props, 'kind' | 'filter' | 'counts'>) {
  const current = filter.state || 'all';
  return (
    <nav aria-label={m.views} className="admin-views">
      <ul>
        {views
          .filter((view) => view === 'all' || view === current || counts[view] > 0)
          .map((view) => (
            <li key={view}>
              <a
                href={`/admin/${kind}${view === 'all' ? '' : `?state=${view}`}`}
                aria-current={view === current ? 'page' : undefined}
              >
                {m.viewNames[view]}{' '}
                <span className="admin-views__count">{`(${counts[view]})`}</span>
              </a>
            </li>
          ))}
      </ul>
    </nav>
  );
}

/**
 * `/admin/posts` and `/admin/pages`: everything the owner has written, drafts and scheduled
 * ones too, with views by state and the Trash, search, a tag filter and paging (plain GET
 * forms: a filtered list can be bookmarked). Rows are ticked for Bulk actions (publish,
 * unpublish, move to the Trash; in the Trash restore or delete permanently) or changed by their
 * own buttons; each names the revision the list showed. Plain forms: it all works without the
 * admin's script, which adds Select all.
 */
export function PostListPage({
  kind,
  rows,
  total,
  page,
  pageCount,
  filter,
  counts,
  tags,
  timeZone,
  csrf,
  notice,
  question,
  children,
}: Props) {
  const inTrash = filter.state === 'trash';
  const filtered = Boolean(filter.search || (filter.state && !inTrash) || filter.tag);
  const when = whenIn(timeZone);
  const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone });
  const here = address(kind, filter, page);
  const actions = inTrash ? trashActions : listActions;
  return (
    <>
      <p className="admin-list-actions">
        <a className="admin-button admin-button--primary" href={`/admin/${kind}/new`}>
          {m.newItem[kind]}
        </a>
      </p>
      <PostListNotice notice={notice} here={here} csrf={csrf} />
      {question && <PostListQuestionForm kind={kind} question={question} here={here} csrf={csrf} />}
      <ListViews kind={kind} filter={filter} counts={counts} />
      <form method="get" action={`/admin/${kind}`} className="admin-filters" role="search">
        {inTrash && <input type="hidden" name="state" value="trash" />}
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
        {!inTrash && (
          <div className="admin-field">
            <label htmlFor="filter-state">{m.state}</label>
            <select id="filter-state" name="state" defaultValue={filter.state}>
              <option value="">{m.any}</option>
              <option value="draft">{m.states.draft}</option>
              <option value="scheduled">{m.states.scheduled}</option>
              <option value="published">{m.states.published}</option>
            </select>
          </div>
        )}
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
          {filtered && <a href={`/admin/${kind}${inTrash ? '?state=trash' : ''}`}>{m.showAll}</a>}
        </div>
      </form>
      <p className="admin-count" role="status">
        {inTrash && total === 0 && !filtered
          ? m.trashEmpty
          : m.count(kind, total, filtered, page, pageCount)}
      </p>
      {inTrash && counts.trash > 0 && (
        <div className="admin-trash-bar">
          <p className="admin-hint">{m.trashHint(kind, trashKeepDays)}</p>
          <a className="admin-button admin-button--danger" href={address(kind, filter, 1, 'empty')}>
            {m.emptyTrash}
          </a>
        </div>
      )}
      {rows.length > 0 && (
        <form method="post" action={here} id={postBulkFormId} className="admin-post-list">
          <input type="hidden" name="csrf" value={csrf} />
          <fieldset className="admin-bulk">
            <legend>{m.bulk[kind]}</legend>
            <label htmlFor="bulk-action" className="visually-hidden">
              {m.chooseAction}
            </label>
            <select id="bulk-action" name="action" defaultValue="" className="admin-bulk__action">
              <option value="" disabled>
                {m.chooseAction}
              </option>
              {actions.map((action) => (
                <option key={action} value={action}>
                  {m.actions[action]}
                </option>
              ))}
            </select>
            <button type="submit" className="admin-button">
              {m.apply}
            </button>
            {children}
          </fieldset>
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--stacked admin-post-table">
              <caption className="visually-hidden">
                {inTrash ? m.captionTrash[kind] : m.caption[kind]}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="admin-post-table__select">
                    <span className="visually-hidden">{m.columns.select}</span>
                  </th>
                  <th scope="col">{m.columns.title}</th>
                  <th scope="col">{inTrash ? m.comesBackAs : m.columns.state}</th>
                  <th scope="col">{m.columns.author}</th>
                  {kind === 'posts' && <th scope="col">{m.columns.tags}</th>}
                  <th scope="col">{m.columns.published}</th>
                  <th scope="col">{inTrash ? m.trashed : m.columns.changed}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const ref = itemRefValue(row);
                  return (
                    <tr key={row.id}>
                      <td className="admin-post-table__select">
                        <input
                          type="checkbox"
                          name="id"
                          value={ref}
                          aria-label={m.selectRow(row.title)}
                        />
                      </td>
                      <th scope="row">
                        <a href={`/admin/${kind}/${row.id}`}>{row.title}</a>
                        <span className="admin-table__slug">
                          {row.state === 'published' && !inTrash ? (
                            <a href={`/${row.slug}/`} aria-label={m.viewOnSite(row.title)}>
                              /{row.slug}/
                            </a>
                          ) : (
                            `/${row.slug}/`
                          )}
                        </span>
                        <span className="admin-row-actions admin-post-table__actions">
                          {(inTrash ? (['restore', 'delete'] as const) : (['trash'] as const)).map(
                            (action) => (
                              <button
                                key={action}
                                type="submit"
                                name="row"
                                value={`${action}:${ref}`}
                                className={`admin-link-button${action === 'delete' ? ' admin-link-button--danger' : ''}`}
                              >
                                {m.actions[action]}
                                <span className="visually-hidden"> “{row.title}”</span>
                              </button>
                            ),
                          )}
                        </span>
                      </th>
                      <td data-label={inTrash ? m.comesBackAs : m.columns.state}>
                        <span className={`admin-state admin-state--${row.state}`}>
                          {m.states[row.state]}
                        </span>
                      </td>
                      <td data-label={m.columns.author}>{row.author || m.noTags}</td>
                      {kind === 'posts' && (
                        <td data-label={m.columns.tags}>{row.tags.join(', ') || m.noTags}</td>
                      )}
                      <td data-label={m.columns.published}>
                        {row.publishedAt === null ? (
                          m.notPublished
                        ) : (
                          <time dateTime={new Date(row.publishedAt).toISOString()}>
                            {when.format(row.publishedAt)}
                          </time>
                        )}
                      </td>
                      <td data-label={inTrash ? m.trashed : m.columns.changed}>
                        {inTrash && row.trashedAt !== null ? (
                          <>
                            <time dateTime={new Date(row.trashedAt).toISOString()}>
                              {when.format(row.trashedAt)}
                            </time>
                            <span className="admin-table__slug">
                              {m.deletedOn(day.format(trashExpiresAt(row.trashedAt)))}
                            </span>
                          </>
                        ) : (
                          <time dateTime={new Date(row.updatedAt).toISOString()}>
                            {when.format(row.updatedAt)}
                          </time>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="admin-hint">{m.bulkHint(kind)}</p>
        </form>
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
