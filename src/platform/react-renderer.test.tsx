import { useId } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderedByReact, renderedOncePerProps } from './astro-react.ts';
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
});
