// Astro asks each renderer whether it owns a component before rendering it, and the React
// renderer answers by rendering the component once on trial: every React component placed in
// an .astro file was rendered twice per request. A component tagged with a renderer's name
// skips that trial (astro/runtime/server/render/component.js reads this symbol). Quire's own
// renderer (react-renderer.ts) renders as Astro's React renderer does and remembers what pure
// components rendered.
const rendererTag = Symbol.for('astro:renderer');

/** The name of Quire's React renderer for Astro (astro.config.ts, react-renderer.ts). */
export const quireReactRenderer = '@quire/react';

const pureTag = Symbol.for('quire:pure-for-props');

/** Marks a React component that `.astro` files render, so Astro renders it only once. */
export function renderedByReact<T extends object>(component: T): T {
  Object.defineProperty(component, rendererTag, { value: quireReactRenderer });
  return component;
}

/**
 * Marks a React component that `.astro` files render whose server markup depends on its props
 * and children alone (no clock, no randomness, nothing read from outside): Quire's renderer
 * renders it once per distinct props and reuses the markup (decision 0030, 0069).
 */
export function renderedOncePerProps<T extends object>(component: T): T {
  renderedByReact(component);
  Object.defineProperty(component, pureTag, { value: true });
  return component;
}

/** Whether `component` was marked by `renderedOncePerProps`. */
export function isPureForProps(component: unknown): boolean {
  return (
    (typeof component === 'function' || typeof component === 'object') &&
    component !== null &&
    (component as Record<symbol, unknown>)[pureTag] === true
  );
}
