import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { isPureForProps, quireReactRenderer } from './astro-react.ts';
import { KeptPart, markPart, withPartsWritten } from './cache/kept-parts.ts';
import { escapeHtml } from './html-escape.ts';
import { StaticHtml } from './react-static-html.ts';

type Rendered = { html: string; attrs?: Record<string, string | undefined> };

/** Markup kept, in UTF-16 code units of the keys and markup (about two bytes each). */
const maxKeptUnits = 4 * 1024 * 1024;

type Kept = { part: KeptPart; attrs: Record<string, string | undefined>; units: number };

const kept = new Map<string, Kept>();
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
  prefix: string | undefined,
): string | undefined {
  try {
    // The text itself is the key: a digest of it cost more than the map's own hashing and
    // comparison (about 38 against 25 µs for an article's props), and the room counts its length.
    return JSON.stringify([componentId(component), props, slots, hydrate ?? null, prefix ?? null]);
  } catch {
    // Props that cannot be written out (a function, a cycle) are rendered every time.
    return undefined;
  }
}

function remember(key: string, part: KeptPart, attrs: Kept['attrs']): void {
  // With room for the part's deflate blocks, made later (at most its bytes).
  const units = key.length + (part.size + part.bytes.byteLength) / 2 + 64;
  if (units > maxKeptUnits / 16) return;
  kept.set(key, { part, attrs, units });
  keptUnits += units;
  for (const [oldest, entry] of kept) {
    if (keptUnits <= maxKeptUnits) break;
    kept.delete(oldest);
    keptUnits -= entry.units;
  }
}

/** A slot's name as its prop, as Astro's React renderer names it (`my-slot` → `mySlot`). */
const slotProp = (name: string) =>
  name.trim().replace(/[-_]([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Resource hints React may write into markup; Astro's renderer takes them out, and so does this. */
const resourceHints =
  /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

/**
 * An island's markup as Astro's React renderer makes it without streaming (slots and children as
 * `StaticHtml`, `class` left out), but with the island's identifier prefix, which Astro's
 * `renderToString` branch leaves out: `useId` then gave the server's markup other ids than the
 * browser hydrates with (`_R_0_-menu` against `_r0_R_0_-menu`), so labels and `aria-controls`
 * named elements React no longer knew by those ids.
 */
function renderIsland(
  component: object,
  props: Record<string, unknown>,
  { default: children, ...slotted }: Record<string, string>,
  metadata: { hydrate?: unknown; astroStaticSlot?: boolean } | undefined,
  prefix: string | undefined,
): { html: string; attrs: { prefix: string | undefined } } {
  const hydrate = metadata?.astroStaticSlot ? Boolean(metadata.hydrate) : true;
  const { class: _class, ...islandProps } = props;
  for (const [name, value] of Object.entries(slotted)) {
    islandProps[slotProp(name)] = createElement(StaticHtml, {
      hydrate,
      value,
      name: slotProp(name),
    });
  }
  const content = children ?? props.children;
  if (content != null) {
    islandProps.children = createElement(StaticHtml, { hydrate, value: content as string });
  }
  const html = renderToString(createElement(component as never, islandProps), {
    identifierPrefix: prefix,
  });
  return { html: html.replace(resourceHints, ''), attrs: { prefix } };
}

/** Astro's slot tags in an island's markup (`astro-slot` when it hydrates, else static). */
const slotTagPattern = /<\/?astro-static-slot\b[^>]*>/g;

/**
 * An island's markup as a kept part. Children that were kept parts are written out (kept markup
 * stands on its own). Astro takes the static slot tags out of a component that does not hydrate,
 * and looks for the slot tags of one that does, to add a template for each slot it does not
 * find: the first is done here, and the tags it finds are named in the part's marker.
 */
function keptIsland(
  request: object | undefined,
  html: string,
  slots: Record<string, string>,
  metadata: { hydrate?: unknown } | undefined,
): KeptPart {
  const written = withPartsWritten(request, html);
  if (!metadata?.hydrate) return new KeptPart(written.replace(slotTagPattern, ''));
  const found = Object.keys(slots)
    .map((name) =>
      name === 'default' ? '<astro-slot>' : `<astro-slot name="${escapeHtml(name)}">`,
    )
    .filter((tag) => written.includes(tag));
  return new KeptPart(written, found.join(''));
}

/**
 * Quire's React renderer for Astro: renders every component placed in an .astro file as Astro's
 * own (`@astrojs/react`) does, with the island's identifier prefix (see `renderIsland`), and
 * keeps the markup of components marked pure (`renderedOncePerProps`) per distinct props and
 * place: the header, share bars, article body and head of a page cost React no render the
 * second time (decision 0069). Kept markup reaches the page as a marker of a kept part, which
 * is joined in, already encoded and compressed, when the page's bytes are made (decision 0071).
 * The island prefixes are numbered here, per page, as Astro's renderer numbers them, and the
 * browser hydrates with them (react-client.ts).
 */
const renderer = {
  name: quireReactRenderer,
  // Components reach this renderer by their tag alone (astro-react.ts), never by trial.
  check: () => Promise.resolve(false),
  renderToStaticMarkup(
    this: { result?: { request?: object } } | undefined,
    component: object,
    props: Record<string, unknown>,
    slots: Record<string, string>,
    metadata?: { hydrate?: unknown; astroStaticSlot?: boolean },
  ): Promise<Rendered> {
    const prefix = this?.result ? nextPrefix(this.result) : undefined;
    const key = isPureForProps(component)
      ? keyOf(component, props, slots, metadata?.hydrate, prefix)
      : undefined;
    const request = this?.result?.request;
    const hit = key === undefined ? undefined : kept.get(key);
    if (hit && key !== undefined) {
      kept.delete(key);
      kept.set(key, hit);
      return Promise.resolve({ html: markPart(request, hit.part), attrs: { ...hit.attrs } });
    }
    const rendered = renderIsland(component, props, slots, metadata, prefix);
    if (key === undefined) return Promise.resolve(rendered);
    const part = keptIsland(request, rendered.html, slots, metadata);
    remember(key, part, rendered.attrs);
    return Promise.resolve({ html: markPart(request, part), attrs: { ...rendered.attrs } });
  },
  supportsAstroStaticSlot: true,
};

export default renderer;
