/** Requests that change nothing, which any site may send. */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The types a plain HTML form can post with, from any site and without the site's scripts. */
const formTypes = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * Whether a request is a form posted from another site, refused as Astro's own `checkOrigin`
 * refuses it: a request that may change something, of a form's type or of none, whose Origin
 * is not the site's. The site's origins are its public address (SITE_URL) and the address the
 * request was made to. Astro knows only the second, which behind a proxy that ends TLS is
 * http://… while the browser says https://…: it refused every form there (decision 0058).
 */
export function isCrossSiteForm(
  method: string,
  headers: Headers,
  siteOrigins: readonly string[],
): boolean {
  if (safeMethods.has(method)) return false;
  const origin = headers.get('origin');
  const sameSite = origin !== null && siteOrigins.includes(origin);
  if (sameSite) return false;
  const type = headers.get('content-type');
  if (type === null) return true;
  const lowered = type.toLowerCase();
  return formTypes.some((formType) => lowered.includes(formType));
}
