/**
 * Widths the server resizes images to; anything else is refused, so the cache stays bounded.
 * 800 fits the article column: 776 px wide at a 1280 px window, 700 device pixels on a 390 px
 * phone at twice the density, which 960 served with 1.2 to 1.9 times the pixels.
 */
export const mediaWidths = [320, 640, 800, 960, 1280, 1920] as const;
export type MediaWidth = (typeof mediaWidths)[number];

export type MediaSize = { width: number; height: number };

/** The largest image the media pipeline stores, in bytes. */
export const maxImageBytes = 20 * 1024 * 1024;

/** The formats the media pipeline stores (what an upload's bytes are found to be, not its name). */
export const storedImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export function isMediaWidth(value: number): value is MediaWidth {
  return (mediaWidths as readonly number[]).includes(value);
}

/** The widths worth offering for an image: never wider than the original. */
export function widthsFor(size: MediaSize): MediaWidth[] {
  const fitting = mediaWidths.filter((w) => w < size.width);
  const next = mediaWidths.find((w) => w >= size.width);
  return next ? [...fitting, next] : fitting;
}

export function mediaPath(id: number, fileName: string, width: number, size?: MediaSize): string {
  const widths = size ? widthsFor(size) : [...mediaWidths];
  const chosen = widths.find((w) => w >= width) ?? widths.at(-1) ?? mediaWidths[0];
  return `/media/${id}/${chosen}/${encodeURIComponent(fileName)}`;
}

export function mediaSrcset(id: number, fileName: string, size: MediaSize): string {
  return widthsFor(size)
    .map((w) => `/media/${id}/${w}/${encodeURIComponent(fileName)} ${Math.min(w, size.width)}w`)
    .join(', ');
}
