import { createElement, memo } from 'react';

/**
 * A slot's markup inside a React island, as Astro's React renderer places it (`StaticHtml`):
 * the same element on the server and in the browser, so that hydration keeps it as it is.
 */
export const StaticHtml = memo(
  ({ value, name, hydrate = true }: { value?: string | null; name?: string; hydrate?: boolean }) =>
    value == null || value.trim() === ''
      ? null
      : createElement(hydrate ? 'astro-slot' : 'astro-static-slot', {
          name,
          suppressHydrationWarning: true,
          dangerouslySetInnerHTML: { __html: value },
        }),
  () => true,
);
