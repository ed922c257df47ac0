import { renderedByReact } from '../../../platform/astro-react.ts';
/** A short page for a status the visitor should understand: a bad address, a bad request. */
export function MessagePage({ code, title, text }: { code?: string; title: string; text: string }) {
  return (
    <section className="not-found">
      {code && (
        <p className="not-found__code" aria-hidden="true">
          {code}
        </p>
      )}
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </section>
  );
}

renderedByReact(MessagePage);
