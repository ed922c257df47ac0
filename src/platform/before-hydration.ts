// What an island needs before it hydrates, read by Quire's browser renderer (react-client.ts).
// A top-level await in the island's module would say the same, but one such await anywhere in
// the browser build makes the bundler give each entry a file of its own that only re-exports
// its group's, and its runtime helpers one more: three of a post page's requests for nothing
// (decision 0007, amended 2026-11-28).

const waits = new WeakMap<object, () => Promise<unknown>>();

/**
 * Marks an island's component so that, in the browser, it hydrates only once `ready()` has
 * settled: what the server rendered needs code the island loads first. `ready` is called once,
 * for the first island of the component on the page; the others wait for the same promise.
 */
export function hydratesAfter<T extends object>(component: T, ready: () => Promise<unknown>): T {
  let loading: Promise<unknown> | undefined;
  waits.set(component, () => {
    loading ??= ready();
    return loading;
  });
  return component;
}

/** What `component` waits for before hydrating: nothing unless marked by `hydratesAfter`. */
export function readyToHydrate(component: object): Promise<unknown> | undefined {
  return waits.get(component)?.();
}
