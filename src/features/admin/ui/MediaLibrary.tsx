import { useState } from 'react';
import {
  type LibraryFilterValues,
  type LibraryItem,
  libraryAddress,
  libraryShows,
} from '../media-library.ts';
import { mediaMessages as m } from '../media-messages.ts';
import { MediaUploader } from './MediaUploader.tsx';

type Notice = { kind: 'done' | 'error'; message: string };

type Props = {
  items: LibraryItem[];
  filter: LibraryFilterValues;
  total: number;
  page: number;
  pageCount: number;
  csrf: string;
  /** The site's time zone, which the library's dates are in. */
  timeZone: string;
  notice?: Notice | undefined;
};

const dayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone });
const whenIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });

/** What a person should know of an image at a glance: no description, used nowhere. */
function Flags({ item, timeZone }: { item: LibraryItem; timeZone: string }) {
  return (
    <span className="media-flags">
      {item.alt === '' && (
        <span className="admin-state admin-state--failed">{m.noDescription}</span>
      )}
      {item.uses === 0 && <span className="admin-state admin-state--draft">{m.notUsed}</span>}
      {item.removedAt !== null && (
        <span className="media-flags__removal">
          {m.removedOn(whenIn(timeZone).format(item.removedAt))}
        </span>
      )}
    </span>
  );
}

function Grid({ items, timeZone }: { items: LibraryItem[]; timeZone: string }) {
  return (
    <ul className="media-grid" aria-label={m.caption}>
      {items.map((item) => (
        <li key={item.id} className="media-grid__item">
          <a className="media-grid__link" href={`/admin/media/${item.id}`}>
            <img
              className="media-grid__thumb"
              src={item.thumbnail}
              alt=""
              width={320}
              height={Math.max(1, Math.round((320 * item.height) / item.width))}
              loading="lazy"
              decoding="async"
            />
            <span className="media-grid__name">{item.fileName}</span>
          </a>
          <Flags item={item} timeZone={timeZone} />
        </li>
      ))}
    </ul>
  );
}

function List({ items, timeZone }: { items: LibraryItem[]; timeZone: string }) {
  const day = dayIn(timeZone);
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--stacked media-table">
        <caption className="visually-hidden">{m.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{m.columns.image}</th>
            <th scope="col">{m.columns.file}</th>
            <th scope="col">{m.columns.description}</th>
            <th scope="col">{m.columns.size}</th>
            <th scope="col">{m.columns.usedIn}</th>
            <th scope="col">{m.columns.uploaded}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td className="media-table__thumb">
                <img src={item.thumbnail} alt="" width={64} height={64} loading="lazy" />
              </td>
              <th scope="row">
                <a href={`/admin/media/${item.id}`}>{item.fileName}</a>
                <span className="admin-table__slug">
                  {m.types[item.mime] ?? item.mime}, {m.dimensions(item.width, item.height)}
                </span>
              </th>
              <td data-label={m.columns.description}>
                {item.alt === '' ? (
                  <span className="admin-state admin-state--failed">{m.noDescription}</span>
                ) : (
                  item.alt
                )}
              </td>
              <td data-label={m.columns.size}>{m.fileSize(item.size)}</td>
              <td data-label={m.columns.usedIn}>
                {m.usedPlaces(item.uses)}
                {item.removedAt !== null && (
                  <span className="media-flags__removal">
                    {m.removedOn(whenIn(timeZone).format(item.removedAt))}
                  </span>
                )}
              </td>
              <td data-label={m.columns.uploaded}>
                <time dateTime={new Date(item.createdAt).toISOString()}>
                  {m.uploadedBy(day.format(item.createdAt), item.uploadedBy)}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * `/admin/media`: every image of the site as a grid of thumbnails or a list with the details,
 * newest first, found by file name or description and narrowed to those used nowhere or without
 * a description; each opens its own screen. Images added here appear at the top as they arrive.
 * The filter is a plain GET form, so a filtered library can be bookmarked.
 */
export default function MediaLibrary(props: Props) {
  const { filter, page, pageCount, csrf, timeZone, notice } = props;
  const [added, setAdded] = useState<LibraryItem[]>([]);
  const filtered = Boolean(filter.search) || filter.show !== 'all';
  // New images belong at the top of the unfiltered first page; elsewhere the list says where.
  const showsNew = page === 1 && !filtered;
  const items = showsNew ? [...added, ...props.items] : props.items;
  const total = props.total + (showsNew ? added.length : 0);
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
      <p className="admin-hint">{m.intro}</p>
      <MediaUploader csrf={csrf} onAdded={(item) => setAdded((list) => [item, ...list])} />
      <form method="get" action="/admin/media" className="admin-filters" role="search">
        <div className="admin-field">
          <label htmlFor="media-q">{m.search}</label>
          <input id="media-q" name="q" type="search" maxLength={200} defaultValue={filter.search} />
        </div>
        <div className="admin-field">
          <label htmlFor="media-show">{m.show}</label>
          <select id="media-show" name="show" defaultValue={filter.show}>
            {libraryShows.map((show) => (
              <option key={show} value={show}>
                {m.shows[show]}
              </option>
            ))}
          </select>
        </div>
        {filter.view !== 'grid' && <input type="hidden" name="view" value={filter.view} />}
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button">
            {m.filter}
          </button>
          {filtered && (
            <a href={libraryAddress({ ...filter, search: '', show: 'all' })}>{m.showAll}</a>
          )}
        </div>
      </form>
      <div className="media-bar">
        <p className="admin-count" role="status">
          {m.count(total, filtered, page, pageCount)}
        </p>
        <nav className="media-views" aria-label={m.views}>
          {(['grid', 'list'] as const).map((view) => (
            <a
              key={view}
              href={libraryAddress({ ...filter, view }, page)}
              aria-current={filter.view === view ? 'page' : undefined}
            >
              {view === 'grid' ? m.grid : m.list}
            </a>
          ))}
        </nav>
      </div>
      {items.length > 0 &&
        (filter.view === 'grid' ? (
          <Grid items={items} timeZone={timeZone} />
        ) : (
          <List items={items} timeZone={timeZone} />
        ))}
      {pageCount > 1 && (
        <nav className="admin-paging" aria-label={m.paging}>
          {page > 1 ? <a href={libraryAddress(filter, page - 1)}>{m.newer}</a> : <span />}
          <span>{m.pageOf(page, pageCount)}</span>
          {page < pageCount ? <a href={libraryAddress(filter, page + 1)}>{m.older}</a> : <span />}
        </nav>
      )}
    </>
  );
}
