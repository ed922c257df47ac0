import { renderedByReact } from '../../../platform/astro-react.ts';
import { htmlOf } from '../../../platform/sanitised-html.ts';
import { formatDate, isoDate } from '../dates.ts';
import { contentMessages } from '../messages.ts';
import type { Page, SearchResult } from '../post-types.ts';
import { Pagination } from './Pagination.tsx';

export function SearchPage({
  query,
  results,
  timeZone,
}: {
  query: string;
  results: Page<SearchResult>;
  /** The site's time zone: post dates are the days there. */
  timeZone: string;
}) {
  return (
    <section className="search-page">
      <header className="list-header">
        <h1>{query ? contentMessages.searchResultsTitle(query) : contentMessages.searchTitle}</h1>
        {query && results.total > 0 && <p>{contentMessages.searchCount(results.total)}</p>}
      </header>
      <form className="search-page__form" action="/search" method="get" role="search">
        <label className="visually-hidden" htmlFor="search-page-q">
          {contentMessages.searchTitle}
        </label>
        <input id="search-page-q" type="search" name="q" defaultValue={query} maxLength={200} />
        <button type="submit">{contentMessages.searchTitle}</button>
      </form>
      {!query && <p className="empty">{contentMessages.searchEmpty}</p>}
      {query && results.total === 0 && (
        <p className="empty">{contentMessages.searchNothing(query)}</p>
      )}
      <ol className="search-results">
        {results.items.map((item) => (
          <li key={item.id}>
            <h2>
              <a href={`/${item.slug}/`}>{item.title}</a>
            </h2>
            {item.type === 'post' && (
              <p className="post-meta">
                <time dateTime={isoDate(item.publishedAt)}>
                  {formatDate(item.publishedAt, timeZone)}
                </time>
              </p>
            )}
            <p
              className="search-results__snippet"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: SanitisedHtml: escaped text, only <mark> added
              dangerouslySetInnerHTML={{ __html: htmlOf(item.snippetHtml) }}
            />
          </li>
        ))}
      </ol>
      <Pagination
        page={results.page}
        pageCount={results.pageCount}
        hrefFor={(page) =>
          `/search?q=${encodeURIComponent(query)}${page > 1 ? `&page=${page}` : ''}`
        }
      />
    </section>
  );
}

renderedByReact(SearchPage);
