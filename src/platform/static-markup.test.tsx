import { useId } from 'react';
import { describe, expect, it } from 'vitest';
import { staticMarkup } from './static-markup.ts';

let renders = 0;

function Greeting({ name }: { name: string }) {
  renders++;
  const id = useId();
  return <p id={id}>Hello {name}</p>;
}

describe('staticMarkup', () => {
  it('renders once per distinct props, without hydration markers, with its own id prefix', () => {
    renders = 0;
    const first = staticMarkup(Greeting, { name: 'Ada' });
    expect(first).toMatch(/^<p id="[^"]*Greeting-[^"]*">Hello Ada<\/p>$/);
    expect(staticMarkup(Greeting, { name: 'Ada' })).toBe(first);
    expect(renders).toBe(1);
    expect(staticMarkup(Greeting, { name: 'Grace' })).toContain('Hello Grace');
    expect(renders).toBe(2);
  });

  it('keeps a bounded number of variants', () => {
    renders = 0;
    for (let i = 0; i < 40; i++) staticMarkup(Greeting, { name: `visitor ${i}` });
    expect(renders).toBe(40);
    // The newest are kept, the oldest were dropped.
    staticMarkup(Greeting, { name: 'visitor 39' });
    expect(renders).toBe(40);
    staticMarkup(Greeting, { name: 'visitor 0' });
    expect(renders).toBe(41);
  });
});
