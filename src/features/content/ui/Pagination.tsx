import { contentMessages } from '../messages.ts';

/** Newer/older links for a paged list; `hrefFor(n)` gives the address of page n. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={contentMessages.pageOf(page, pageCount)}>
      {page > 1 ? (
        <a rel="prev" href={hrefFor(page - 1)}>
          ← {contentMessages.newerPosts}
        </a>
      ) : (
        <span />
      )}
      <span className="pagination__status">{contentMessages.pageOf(page, pageCount)}</span>
      {page < pageCount ? (
        <a rel="next" href={hrefFor(page + 1)}>
          {contentMessages.olderPosts} →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
