export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isValidSlug(slug: string): boolean {
  return slug.length > 0 && slug.length <= 80 && slugPattern.test(slug);
}

/** First path segments the site answers itself; a post cannot take them. */
const reservedSlugs = new Set([
  'admin',
  'ajax',
  'payments',
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
