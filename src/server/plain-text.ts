import type { ServerResponse } from 'node:http';

/** A short plain-text answer, never cached, with the site's security headers. */
export function sendPlainText(
  res: ServerResponse,
  headers: Readonly<Record<string, string>>,
  status: number,
  message: string,
  extra: Record<string, string> = {},
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...extra,
  });
  res.end(`${message}\n`);
}
