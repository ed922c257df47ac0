import { type ComponentType, createElement, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { readyToHydrate } from './before-hydration.ts';
import { StaticHtml } from './react-static-html.ts';

const roots = new WeakMap<HTMLElement, Root>();

/**
 * The browser side of both React renderers (astro.config.ts): Astro's React client, less what
 * Quire never asks of it (Astro Actions' form state, `experimentalReactChildren`), and first
 * waiting for what an island's component asked to load before it hydrates (before-hydration.ts),
 * so that what hydrates is what the server rendered (decision 0039). An island whose wait fails
 * is not hydrated: it stays as the server rendered it, which works without JavaScript.
 */
export default (element: HTMLElement) =>
  async (
    Component: ComponentType<Record<string, unknown>>,
    props: Record<string, unknown>,
    { default: children, ...slotted }: Record<string, string>,
    { client }: Record<string, string>,
  ): Promise<void> => {
    if (!element.hasAttribute('ssr')) return;
    await readyToHydrate(Component);
    for (const [name, value] of Object.entries(slotted)) {
      props[name] = createElement(StaticHtml, { value, name });
    }
    const island = createElement(
      Component,
      props,
      children ? createElement(StaticHtml, { value: children }) : undefined,
    );
    // A root React left on the element before (Astro's client does the same).
    for (const key in element) {
      if (key.startsWith('__reactContainer')) delete (element as never)[key];
    }
    startTransition(() => {
      let root = roots.get(element);
      if (!root) {
        root =
          client === 'only'
            ? createRoot(element)
            : hydrateRoot(element, island, {
                identifierPrefix: element.getAttribute('prefix') ?? undefined,
              });
        const created = root;
        element.addEventListener('astro:unmount', () => created.unmount(), { once: true });
        roots.set(element, root);
      }
      root.render(island);
    });
  };
