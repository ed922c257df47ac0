import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** Props variants remembered per component: a site has one sidebar, one footer, a few sprites. */
const maxVariants = 16;

const remembered = new WeakMap<FunctionComponent<never>, Map<string, string>>();

/**
 * The markup of a component that never hydrates and shows the same on every page (the sidebar,
 * the footer's notes, the icon sprite), rendered once per distinct props and then reused: React
 * rendering them on every uncached view was a fifth of its cost. The component must be pure:
 * everything it shows comes from its props (decision 0030).
 */
export function staticMarkup<P extends object>(component: FunctionComponent<P>, props: P): string {
  const key = JSON.stringify(props);
  let variants = remembered.get(component as FunctionComponent<never>);
  if (!variants) {
    variants = new Map();
    remembered.set(component as FunctionComponent<never>, variants);
  }
  let markup = variants.get(key);
  if (markup === undefined) {
    // A prefix of its own, so that its useId values never meet an island's on the same page.
    const identifierPrefix = `${component.name || 'static'}-`;
    markup = renderToStaticMarkup(createElement(component, props), { identifierPrefix });
    if (variants.size >= maxVariants) variants.delete(variants.keys().next().value!);
    variants.set(key, markup);
  }
  return markup;
}
