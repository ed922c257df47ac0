// Astro asks each renderer whether it owns a component before rendering it, and the React
// renderer answers by rendering the component once on trial: every React component placed in
// an .astro file was rendered twice per request. A component tagged with the renderer's
// name skips that trial (astro/runtime/server/render/component.js reads this symbol).
const rendererTag = Symbol.for('astro:renderer');

/** Marks a React component that `.astro` files render, so Astro renders it only once. */
export function renderedByReact<T extends object>(component: T): T {
  Object.defineProperty(component, rendererTag, { value: '@astrojs/react' });
  return component;
}
