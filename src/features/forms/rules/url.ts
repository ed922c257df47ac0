import { formMessages } from '../messages.ts';

/**
 * Only a `scheme://` prefix counts as a scheme: `localhost:3000` or `example.com:8080` look
 * like `scheme:` but are hosts. Surrounding whitespace goes, as a browser's url input drops it.
 */
export function withHttps(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

/** http or https, and a host that is `localhost` or has a dot between non-empty labels. */
export function urlError(value: string): string | undefined {
  const candidate = withHttps(value);
  if (candidate === '') return undefined;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return formMessages.url;
  }
  const webScheme = url.protocol === 'http:' || url.protocol === 'https:';
  const host = url.hostname === 'localhost' || /^[^.]+(?:\.[^.]+)+$/.test(url.hostname);
  return webScheme && host ? undefined : formMessages.url;
}
