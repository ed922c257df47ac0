import { hash } from 'node:crypto';
import astroReact from '@astrojs/react/server.js';
import { isPureForProps, quireReactRenderer } from './astro-react.ts';

type Rendered = { html: string; attrs?: Record<string, string | undefined> };

/** Markup kept, in UTF-16 code units of the keys and markup (about two bytes each). */
const maxKeptUnits = 4 * 1024 * 1024;

const kept = new Map<string, Rendered & { units: number }>();
let keptUnits = 0;

/** Each component's own number, so that two components with equal props never share markup. */
const componentIds = new WeakMap<object, number>();
let nextComponentId = 0;

function componentId(component: object): number {
  let id = componentIds.get(component);
  if (id === undefined) {
    id = nextComponentId++;
    componentIds.set(component, id);
  }
  return id;
}

/** Each page's island prefixes (`r0`, `r1`…), as Astro's React renderer numbers them. */
const islandCounts = new WeakMap<object, number>();

function nextPrefix(result: object): string {
  const count = islandCounts.get(result) ?? 0;
  islandCounts.set(result, count + 1);
  return `r${count}`;
}

function keyOf(
  component: object,
  props: Record<string, unknown>,
  slots: Record<string, string>,
  hydrate: unknown,
): string | undefined {
  try {
    const text = JSON.stringify([componentId(component), props, slots, hydrate ?? null]);
    return hash('sha1', text, 'base64url');
  } catch {
    // Props that cannot be written out (a function, a cycle) are rendered every time.
    return undefined;
  }
}

function remember(key: string, rendered: Rendered): void {
  const units = key.length + rendered.html.length + 64;
  if (units > maxKeptUnits / 16) return;
  kept.set(key, { ...rendered, units });
  keptUnits += units;
  for (const [oldest, entry] of kept) {
    if (keptUnits <= maxKeptUnits) break;
    kept.delete(oldest);
    keptUnits -= entry.units;
  }
}

/**
 * Quire's React renderer for Astro: Astro's own (`@astrojs/react`), which renders every
 * component placed in an .astro file, with the markup of components marked pure
 * (`renderedOncePerProps`) kept per distinct props: the header, share bars, article body and
 * head of a page cost React no render the second time (decision 0069). The island prefixes
 * Astro writes are numbered here, per page, as Astro's renderer numbers them.
 */
const renderer = {
  name: quireReactRenderer,
  // Components reach this renderer by their tag alone (astro-react.ts), never by trial.
  check: () => Promise.resolve(false),
  async renderToStaticMarkup(
    this: { result?: object } | undefined,
    component: object,
    props: Record<string, unknown>,
    slots: Record<string, string>,
    metadata?: { hydrate?: unknown },
  ): Promise<Rendered> {
    const prefix = this?.result ? nextPrefix(this.result) : undefined;
    const key = isPureForProps(component)
      ? keyOf(component, props, slots, metadata?.hydrate)
      : undefined;
    const hit = key === undefined ? undefined : kept.get(key);
    if (hit && key !== undefined) {
      kept.delete(key);
      kept.set(key, hit);
      return { html: hit.html, attrs: { ...hit.attrs, prefix } };
    }
    // Astro's renderer numbers prefixes in a context of its own per page: given one of its own
    // each time, it leaves the numbering to this renderer.
    const rendered = (await astroReact.renderToStaticMarkup.call(
      { result: {} } as never,
      component,
      props,
      slots,
      metadata as never,
    )) as Rendered;
    if (key !== undefined) remember(key, { html: rendered.html, attrs: { ...rendered.attrs } });
    return { html: rendered.html, attrs: { ...rendered.attrs, prefix } };
  },
  supportsAstroStaticSlot: true,
};

export default renderer;
