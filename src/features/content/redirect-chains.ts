/**
 * How a new redirect joins the ones kept, written once for the database (one redirect at a
 * time: an address change, the owner's screen, the command line) and for memory (an import's
 * plan over the whole table): chains collapse to one hop and no redirect leads back to where it
 * starts (issue 29, point 5; decision 0054).
 */
import type { RedirectSource } from '../../platform/db/schema.ts';
import { collapsedTarget } from './redirect-rules.ts';

/** A redirect as the rules see it: `from` and `toKey` in their lookup form (`redirectKey`). */
export type StoredRedirect = {
  from: string;
  to: string;
  toKey: string | null;
  source: RedirectSource;
};

/** Where redirects are kept, as `placeRedirect` reads and changes them. */
export interface RedirectStore {
  byFrom(from: string): Promise<StoredRedirect | undefined>;
  /** The redirects whose target's path is `key`. */
  pointingAt(key: string): Promise<StoredRedirect[]>;
  /** Adds the redirect, or replaces the one with the same `from`. */
  save(redirect: StoredRedirect): Promise<void>;
}

export type Placement =
  | { kind: 'added'; to: string }
  | { kind: 'replaced'; to: string; was: string }
  | { kind: 'unchanged'; to: string }
  /** Refused: `via` (the new address) leads back to the old one. */
  | { kind: 'loop'; via: string };

/**
 * Keeps `redirect`: sent straight to where its target leads, when its target is itself an old
 * address (A→B with B→C kept is A→C), and every redirect to its `from` sent on to its target
 * too (Z→A becomes Z→C), so that no visitor is sent twice. Refused when it would lead back to
 * its own `from`.
 */
export async function placeRedirect(
  store: RedirectStore,
  redirect: StoredRedirect,
): Promise<Placement> {
  let { to, toKey } = redirect;
  if (toKey !== null) {
    const next = await store.byFrom(toKey);
    if (next) {
      to = collapsedTarget(to, next.to);
      toKey = next.toKey;
    }
  }
  if (toKey === redirect.from) return { kind: 'loop', via: redirect.to };
  const had = await store.byFrom(redirect.from);
  if (had && had.to === to) return { kind: 'unchanged', to };
  await store.save({ ...redirect, to, toKey });
  for (const earlier of await store.pointingAt(redirect.from)) {
    await store.save({ ...earlier, to: collapsedTarget(earlier.to, to), toKey });
  }
  return had ? { kind: 'replaced', to, was: had.to } : { kind: 'added', to };
}

/** Redirects held in memory (an import's plan), with what changed since they were loaded. */
export class MemoryRedirectStore implements RedirectStore {
  readonly #byFrom = new Map<string, StoredRedirect>();
  readonly #byTarget = new Map<string, Set<string>>();
  readonly #changed = new Set<string>();

  constructor(redirects: Iterable<StoredRedirect>) {
    for (const redirect of redirects) this.#put(redirect);
  }

  async byFrom(from: string): Promise<StoredRedirect | undefined> {
    return this.#byFrom.get(from);
  }

  async pointingAt(key: string): Promise<StoredRedirect[]> {
    const froms = this.#byTarget.get(key) ?? new Set();
    return [...froms].flatMap((from) => this.#byFrom.get(from) ?? []);
  }

  async save(redirect: StoredRedirect): Promise<void> {
    this.#put(redirect);
    this.#changed.add(redirect.from);
  }

  /** The redirects added or changed since the store was made. */
  changed(): StoredRedirect[] {
    return [...this.#changed].flatMap((from) => this.#byFrom.get(from) ?? []);
  }

  #put(redirect: StoredRedirect): void {
    const had = this.#byFrom.get(redirect.from);
    if (had?.toKey != null) this.#byTarget.get(had.toKey)?.delete(redirect.from);
    this.#byFrom.set(redirect.from, redirect);
    if (redirect.toKey !== null) {
      let froms = this.#byTarget.get(redirect.toKey);
      if (!froms) {
        froms = new Set();
        this.#byTarget.set(redirect.toKey, froms);
      }
      froms.add(redirect.from);
    }
  }
}
