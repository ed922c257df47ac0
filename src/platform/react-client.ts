import hydrateWithReact from '@astrojs/react/client.js';
import { readyToHydrate } from './before-hydration.ts';

type Hydrate = ReturnType<typeof hydrateWithReact>;

/**
 * The browser side of both React renderers (astro.config.ts): Astro's React client, which
 * first waits for what an island's component asked to have before it hydrates
 * (before-hydration.ts), so that what hydrates is what the server rendered (decision 0039).
 * An island whose wait fails is not hydrated: it stays as the server rendered it, which works
 * without JavaScript.
 */
export default function hydrateIsland(element: HTMLElement) {
  const hydrate = hydrateWithReact(element);
  return async (...args: Parameters<Hydrate>): Promise<void> => {
    const ready = readyToHydrate(args[0]);
    if (ready) await ready;
    hydrate(...args);
  };
}
