/** Lower-case ASCII words joined by hyphens, at most 80 characters: `Crème Brûlée!` → `creme-brulee`. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isValidSlug(slug: string): boolean {
  return slug.length > 0 && slug.length <= 80 && slugPattern.test(slug);
}

/** First path segments the site answers itself; a post cannot take them. */
const reservedSlugs = new Set([
  'admin',
  'ajax',
  'archive',
  'tag',
  'search',
  'feed',
  'media',
  'subscription-form',
  'page',
  'assets',
  '404',
  '500',
]);

export function isReservedSlug(slug: string): boolean {
  return reservedSlugs.has(slug);
}
