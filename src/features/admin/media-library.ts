/**
 * What the media library screens show and send, shared by the server that fills them and the
 * components that draw them (isomorphic).
 */

/** What uses an image: a post or page (in its text, as its cover), a form, or a setting. */
export type ImageUse =
  | { kind: 'post' | 'page'; id: number; title: string; inText: boolean; asCover: boolean }
  | { kind: 'form'; id: number; title: string }
  | { kind: 'setting'; name: string; label: string };

/** Where the owner changes what uses an image. */
export function imageUseHref(use: ImageUse): string {
  if (use.kind === 'setting') return '/admin/settings';
  return `/admin/${use.kind}s/${use.id}`;
}

/**
 * A list of uses as one short string (their count and an FNV-1a hash), so a deletion confirmed
 * for some uses is not carried out over others that appeared since the question was asked.
 */
export function usesKey(uses: readonly ImageUse[]): string {
  const text = uses
    .map((use) => (use.kind === 'setting' ? `setting:${use.name}` : `${use.kind}:${use.id}`))
    .sort()
    .join(',');
  let hash = 0x811c9dc5;
  for (let n = 0; n < text.length; n++) {
    hash = Math.imul(hash ^ text.charCodeAt(n), 0x01000193) >>> 0;
  }
  return `${uses.length}-${hash.toString(16)}`;
}

/** The library's two ways of showing its images. */
export const libraryViews = ['grid', 'list'] as const;
export type LibraryView = (typeof libraryViews)[number];

/** Which images the library shows: all, those nothing uses, those without a description. */
export const libraryShows = ['all', 'unused', 'no-alt'] as const;
export type LibraryShow = (typeof libraryShows)[number];

/** The library's filter, as its address carries it. */
export type LibraryFilterValues = { search: string; show: LibraryShow; view: LibraryView };

/** The library's address for a filter and page; defaults are left out, so addresses stay short. */
export function libraryAddress(filter: LibraryFilterValues, page = 1): string {
  const params = new URLSearchParams();
  if (filter.search) params.set('q', filter.search);
  if (filter.show !== 'all') params.set('show', filter.show);
  if (filter.view !== 'grid') params.set('view', filter.view);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/admin/media${query ? `?${query}` : ''}`;
}

/** An image in the library's grid or list. */
export type LibraryItem = {
  id: number;
  fileName: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  alt: string;
  createdAt: number;
  uploadedBy: string | null;
  /** How many posts, pages, forms and settings use it. */
  uses: number;
  /** A small copy, 320 pixels wide. */
  thumbnail: string;
  /** When an editor's upload nothing has used is removed, unless a saved post uses it first. */
  removedAt: number | null;
};
