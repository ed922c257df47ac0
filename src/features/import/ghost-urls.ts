/**
 * Addresses in a Ghost export. Ghost 4+ writes its own address as `__GHOST_URL__`; older
 * exports hold absolute or root-relative addresses. Images are served in sized copies
 * (`/content/images/size/w600/…`, `/format/webp/…`) that all stand for one original.
 */

const placeholder = /__GHOST_URL__/g;

/** `__GHOST_URL__/x` → `https://old.example/x`; with no known site, `/x`. */
export function resolveGhostUrl(url: string, siteUrl: string): string {
  return url.replace(placeholder, siteUrl.replace(/\/+$/, ''));
}

/** A sized or re-encoded copy of a content image → the original upload's address. */
export function originalGhostImageUrl(url: string): string {
  return url.replace(
    /\/content\/images\/(?:size\/w\d+(?:h\d+)?\/)?(?:format\/[a-z0-9]+\/)?/i,
    '/content/images/',
  );
}

/** Whether an address is an upload of the old site (not an image hosted elsewhere). */
export function isGhostContentImage(url: string, siteUrl: string): boolean {
  const site = siteUrl.replace(/\/+$/, '');
  const path = site !== '' && url.startsWith(`${site}/`) ? url.slice(site.length) : url;
  return /^(?:__GHOST_URL__)?\/content\/images\//.test(path);
}

/**
 * The old site's address as older exports show it: the most common prefix of absolute
 * `…/content/images/…` addresses (a site in a sub-folder keeps its folder).
 */
export function siteUrlFromImages(urls: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const url of urls) {
    const match = /^(https?:\/\/[^/?#\s]+(?:\/[^?#\s]*?)?)\/content\/images\//i.exec(url);
    if (match?.[1]) counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}
