import { type ComponentProps, createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';
import { type AdminIslandName, adminIslands } from '../ui/admin-islands.ts';

/**
 * An admin island's HTML, rendered as the browser will hydrate it (the same component and
 * props, no identifier prefix, so React's ids agree). React escapes everything it renders.
 */
export function adminIslandMarkup<Name extends AdminIslandName>(
  name: Name,
  props: ComponentProps<(typeof adminIslands)[Name]>,
): string {
  const component = adminIslands[name] as FunctionComponent<object>;
  return renderToString(createElement(component, props as object));
}
