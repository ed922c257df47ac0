import { describe, expect, it } from 'vitest';
import { MemoryRedirectStore, placeRedirect, type StoredRedirect } from './redirect-chains.ts';

const redirect = (from: string, to: string): StoredRedirect => ({
  from,
  to,
  toKey: to.startsWith('/') ? to.replace(/[?#].*$/, '') : null,
  source: 'owner',
});

async function table(store: MemoryRedirectStore, froms: string[]) {
  return Object.fromEntries(
    await Promise.all(froms.map(async (from) => [from, (await store.byFrom(from))?.to])),
  );
}

describe('placeRedirect', () => {
  it('collapses chains both ways: A→B then B→C keeps A→C and B→C, never A→B→C', async () => {
    const store = new MemoryRedirectStore([]);
    expect(await placeRedirect(store, redirect('/a/', '/b/'))).toEqual({
      kind: 'added',
      to: '/b/',
    });
    expect(await placeRedirect(store, redirect('/b/', '/c/'))).toEqual({
      kind: 'added',
      to: '/c/',
    });
    expect(await table(store, ['/a/', '/b/'])).toEqual({ '/a/': '/c/', '/b/': '/c/' });
    // A new redirect to an old address goes straight to where that one leads.
    expect(await placeRedirect(store, redirect('/z/', '/a/?from=z'))).toEqual({
      kind: 'added',
      to: '/c/?from=z',
    });
    expect((await store.byFrom('/z/'))?.toKey).toBe('/c/');
  });

  it('refuses a loop, however long the way back, and changes nothing', async () => {
    // Kept collapsed, as placeRedirect keeps them: both lead to /b2/.
    const store = new MemoryRedirectStore([redirect('/a/', '/b2/'), redirect('/b/', '/b2/')]);
    expect(await placeRedirect(store, redirect('/b2/', '/a/'))).toEqual({
      kind: 'loop',
      via: '/a/',
    });
    expect(await placeRedirect(store, redirect('/c/', '/c/'))).toEqual({
      kind: 'loop',
      via: '/c/',
    });
    expect(store.changed()).toEqual([]);
  });

  it('says when it replaced a redirect, and when nothing changed', async () => {
    const store = new MemoryRedirectStore([redirect('/a/', '/b/')]);
    expect(await placeRedirect(store, redirect('/a/', '/b/'))).toEqual({
      kind: 'unchanged',
      to: '/b/',
    });
    expect(await placeRedirect(store, redirect('/a/', 'https://other.example/'))).toEqual({
      kind: 'replaced',
      to: 'https://other.example/',
      was: '/b/',
    });
    expect(store.changed().map((r) => r.from)).toEqual(['/a/']);
  });

  it('sends what led to a re-pointed address on with it', async () => {
    const store = new MemoryRedirectStore([redirect('/a/', '/b/'), redirect('/x/', '/b/#top')]);
    await placeRedirect(store, redirect('/b/', '/c/'));
    expect(await table(store, ['/a/', '/x/', '/b/'])).toEqual({
      '/a/': '/c/',
      '/x/': '/c/#top',
      '/b/': '/c/',
    });
    expect(
      store
        .changed()
        .map((r) => r.from)
        .sort(),
    ).toEqual(['/a/', '/b/', '/x/']);
  });
});
