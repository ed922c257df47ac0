/** `path` on the site at `siteUrl` (no trailing slash), as a full address for feeds and links. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, `${siteUrl}/`).href;
}
