import {
  type HomeQueryParameter,
  homeQueryKey,
  isSiteOwnPath,
  redirectKey,
} from '../../content/redirect-rules.ts';

/** The path of an old address (a full URL of the old site, or a path), undefined when unreadable. */
export function oldPath(address: string): string | undefined {
  if (address === '') return undefined;
  try {
    return new URL(address, 'http://old.invalid').pathname;
  } catch {
    return undefined;
  }
}

/**
 * Every old address of a WordPress or Ghost site the import saw, with where it now leads (decisions 0063, 0065):
 * kept in their lookup form, first come first kept, and never one the site answers itself or
 * that would lead to itself. The date archives that had posts are kept apart until the end.
 */
export class OldAddresses {
  readonly #redirects = new Map<string, string>();
  /** `YYYY/MM` of each month that had published posts, and each day's month. */
  readonly #days = new Set<string>();
  readonly #months = new Set<string>();
  /** The old blog's path (`/blog` when WordPress showed its posts there), without a closing slash. */
  readonly blogPrefix: string;

  constructor(blogUrl: string) {
    this.blogPrefix = (oldPath(blogUrl) ?? '/').replace(/\/+$/, '');
  }

  /** Sends the old `address` (a URL of the old site or a path) to `to`, a path of this site. */
  add(address: string, to: string): void {
    const path = oldPath(address);
    const key = path === undefined ? undefined : redirectKey(path);
    if (key === undefined || key === '/' || isSiteOwnPath(key)) return;
    const toKey = redirectKey(oldPath(to) ?? '');
    if (toKey === key || this.#redirects.has(key)) return;
    this.#redirects.set(key, to);
  }

  /** A path under the old blog's (categories, tags, feeds, archives). */
  addOnBlog(path: string, to: string): void {
    this.add(`${this.blogPrefix}${path}`, to);
  }

  /** `/?p=123` and the like, answered on the home page. */
  addHomeQuery(name: HomeQueryParameter, value: string | number, to: string): void {
    const key = homeQueryKey(name, value);
    if (!this.#redirects.has(key)) this.#redirects.set(key, to);
  }

  /** A published post's date (UTC): its day, month and year archives become old addresses. */
  notePublished(date: Date): void {
    const iso = date.toISOString();
    this.#days.add(`${iso.slice(0, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)}`);
    this.#months.add(`${iso.slice(0, 4)}/${iso.slice(5, 7)}`);
  }

  /**
   * The date archives: a day and a month lead to the month's archive; a year to its latest
   * month that had posts (Quire's archives are by month).
   */
  #addArchives(): void {
    const latestOfYear = new Map<string, string>();
    for (const month of [...this.#months].sort()) {
      latestOfYear.set(month.slice(0, 4), month);
      this.addOnBlog(`/${month}/`, `/archive/${month}/`);
    }
    for (const day of this.#days) this.addOnBlog(`/${day}/`, `/archive/${day.slice(0, 7)}/`);
    for (const [year, month] of latestOfYear) this.addOnBlog(`/${year}/`, `/archive/${month}/`);
  }

  /** Every redirect, the archives included. */
  all(): { from: string; to: string }[] {
    this.#addArchives();
    return [...this.#redirects].map(([from, to]) => ({ from, to }));
  }
}
