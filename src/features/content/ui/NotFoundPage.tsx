import { renderedByReact } from '../../../platform/astro-react.ts';
import { contentMessages } from '../messages.ts';

export function NotFoundPage() {
  return (
    <section className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{contentMessages.notFoundTitle}</h1>
      <p>{contentMessages.notFoundText}</p>
      <form className="not-found__search" action="/search" method="get" role="search">
        <label className="visually-hidden" htmlFor="not-found-q">
          Search
        </label>
        <input id="not-found-q" type="search" name="q" placeholder="Search…" />
        <button type="submit">Search</button>
      </form>
      <p>
        <a href="/">{contentMessages.notFoundHome}</a>
      </p>
    </section>
  );
}

renderedByReact(NotFoundPage);
