import { useId } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderedByReact, renderedOncePerProps } from './astro-react.ts';
import { joinedBytes, pageSegments, takeKeptParts } from './cache/kept-parts.ts';
import renderer from './react-renderer.ts';

function Menu({ label }: { label: string }) {
  const id = useId();
  return (
    <nav>
      <button type="button" aria-controls={`${id}-menu`}>
        {label}
      </button>
      <ul id={`${id}-menu`} />
    </nav>
  );
}
const KeptMenu = renderedOncePerProps(function KeptMenu(props: { label: string }) {
  return <Menu {...props} />;
});
const KeptBox = renderedOncePerProps(function KeptBox({ children }: { children?: unknown }) {
  return <section>{children as never}</section>;
});
const Island = renderedByReact(function Island({ children }: { children?: unknown }) {
  return <div className="island">{children as never}</div>;
});

/** Renders `component` as Astro does for the page whose render state is `result`. */
const render = (result: object, component: object, props: Record<string, unknown>, slots = {}) =>
  renderer.renderToStaticMarkup.call({ result }, component, props, slots, { hydrate: 'load' });

describe("Quire's React renderer", () => {
  it('renders each island with the identifier prefix the browser hydrates it with', async () => {
    const page = {};
    const first = await render(page, renderedByReact(Menu), { label: 'Menu' });
    const second = await render(page, renderedByReact(Menu), { label: 'Menu' });
    expect(first.attrs).toEqual({ prefix: 'r0' });
    expect(second.attrs).toEqual({ prefix: 'r1' });
    // What hydrateRoot(…, { identifierPrefix }) renders in the browser, so the ids match.
    expect(first.html).toBe(renderToString(<Menu label="Menu" />, { identifierPrefix: 'r0' }));
    expect(second.html).toBe(renderToString(<Menu label="Menu" />, { identifierPrefix: 'r1' }));
    expect(first.html).not.toBe(second.html);
  });

  it('keeps a pure component’s markup per props and place on the page', async () => {
    const onePage = await render({}, KeptMenu, { label: 'Menu' });
    const again = await render({}, KeptMenu, { label: 'Menu' });
    expect(again).toEqual(onePage);
    const page = {};
    await render(page, KeptMenu, { label: 'Menu' });
    const secondPlace = await render(page, KeptMenu, { label: 'Menu' });
    expect(secondPlace.attrs).toEqual({ prefix: 'r1' });
    expect(secondPlace.html).toBe(
      renderToString(<KeptMenu label="Menu" />, { identifierPrefix: 'r1' }),
    );
  });

  it('places children and named slots as Astro does, without the class Astro sets', async () => {
    const { html } = await render(
      {},
      Island,
      { class: 'astro-x' },
      {
        default: '<p>Inside</p>',
      },
    );
    expect(html).toBe('<div class="island"><astro-slot><p>Inside</p></astro-slot></div>');
  });

  it('names kept markup by a marker that the page’s bytes are joined around', async () => {
    const request = {};
    const { html } = await render({ request }, KeptMenu, { label: 'Menu' });
    expect(html).toMatch(/^<!--quire-part:[\w-]{27}-->$/);
    const parts = takeKeptParts(request);
    const page = Buffer.from(`<body>${html}</body>`);
    const segments = pageSegments(page, parts ?? new Map());
    expect(segments).toHaveLength(3);
    expect(joinedBytes(segments).toString()).toBe(
      `<body>${renderToString(<KeptMenu label="Menu" />, { identifierPrefix: 'r0' })}</body>`,
    );
    // The same markup on the next page is the same part, under the same name.
    const next = {};
    expect((await render({ request: next }, KeptMenu, { label: 'Menu' })).html).toBe(html);
    expect(takeKeptParts(next)?.get(html)).toBe(parts?.get(html));
  });

  it('names the slot tags Astro looks for in a kept island’s marker', async () => {
    const request = {};
    const slots = { default: '<p>Inside</p>' };
    const { html } = await render({ request }, KeptBox, {}, slots);
    // Astro adds a template for each slot whose tag it does not find in the markup.
    expect(html).toContain('<astro-slot>');
    const part = takeKeptParts(request)?.get(html);
    expect(part?.text).toBe('<section><astro-slot><p>Inside</p></astro-slot></section>');
  });

  it('takes the static slot tags out of a kept component that does not hydrate, as Astro does', async () => {
    const request = {};
    const { html } = await renderer.renderToStaticMarkup.call(
      { result: { request } },
      KeptBox,
      {},
      { default: '<p>Still</p>' },
      { astroStaticSlot: true },
    );
    expect(takeKeptParts(request)?.get(html)?.text).toBe('<section><p>Still</p></section>');
  });

  it('writes out kept children in kept markup, which must not depend on one page', async () => {
    const request = {};
    const child = await render({ request }, KeptMenu, { label: 'Inner' });
    const { html } = await render({ request }, KeptBox, {}, { default: child.html });
    const parts = takeKeptParts(request);
    expect(parts?.get(html)?.text).not.toContain('quire-part');
    expect(parts?.get(html)?.text).toContain('Inner</button>');
  });
});
