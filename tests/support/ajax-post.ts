/**
 * Posts fields to the site's `/ajax` as the form island does (multipart, from the site's own
 * origin), repeating a name for each value of a list; the status and the JSON answer.
 */
export async function postAjax(
  siteUrl: string,
  fields: Record<string, string | string[]>,
  headers: Record<string, string> = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  const response = await fetch(`${siteUrl}/ajax`, {
    method: 'POST',
    body,
    headers: { origin: siteUrl, ...headers },
  });
  return { status: response.status, answer: await response.json() };
}
