import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { withRememberedProps } from './island-props-memo.ts';

type Serialize = (props: Record<string, unknown>, metadata: object) => string;

const astroSource = readFileSync(
  join(
    createRequire(import.meta.url).resolve('astro/package.json'),
    '..',
    'dist/runtime/server/serialize.js',
  ),
  'utf8',
);
const folder = mkdtempSync(join(tmpdir(), 'quire-island-props-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Astro's module as it is, or as the build changes it, loaded from its own file. */
async function serializer(name: string, source: string): Promise<Serialize> {
  const file = join(folder, `${name}.mjs`);
  writeFileSync(file, source);
  return ((await import(pathToFileURL(file).href)) as { serializeProps: Serialize }).serializeProps;
}

const metadata = { displayName: 'Island', hydrate: 'load' };

describe('island props remembered (decision 0069)', () => {
  it('still reads Astro’s serializeProps as it is, so the build can change it', () => {
    expect(withRememberedProps(astroSource)).toBeDefined();
    expect(withRememberedProps('function serializeProps() {}')).toBeUndefined();
  });

  it('writes every kind of props as Astro does, the first time and every time after', async () => {
    const astro = await serializer('astro', astroSource);
    const remembered = await serializer('remembered', withRememberedProps(astroSource) as string);
    const when = new Date('2026-11-29T12:00:00Z');
    // Pairs whose JSON is the same although Astro writes them differently come one after the
    // other: a memo keyed by JSON alone would answer the second with the first's.
    const cases: Record<string, unknown>[] = [
      { title: 'Field Notes', menu: [{ label: 'Home', url: '/', children: [] }], width: 769 },
      { when: when.toISOString() },
      { when },
      { tags: {} },
      { tags: new Map([['a', 1]]) },
      { tags: new Set(['a']) },
      { pattern: {} },
      { pattern: /a+/ },
      {},
      { missing: undefined },
      { count: null },
      { count: Number.POSITIVE_INFINITY },
      { list: [null] },
      { list: [undefined] },
      // A hole, which JSON writes as null.
      { list: Object.assign(new Array(3), { 0: 1, 2: 3 }) },
      { address: 'https://blog.example/' },
      { address: new URL('https://blog.example/') },
      { bytes: {} },
      { bytes: new Uint8Array([1, 2]) },
      { big: 1 },
      { nested: { deeper: [{ value: 'x', flag: true, n: -0 }] } },
      { bare: Object.assign(Object.create(null), { a: 1 }) },
    ];
    for (const props of [...cases, ...cases]) {
      expect(remembered(props, metadata)).toBe(astro(props, metadata));
    }
  });

  it('refuses props with a cycle as Astro does', async () => {
    const remembered = await serializer('cycle', withRememberedProps(astroSource) as string);
    const props: Record<string, unknown> = { a: 1 };
    props.self = props;
    expect(() => remembered(props, metadata)).toThrow(/Cyclic reference/);
  });
});
