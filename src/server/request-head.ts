/**
 * The strict reader of a request head for the fast lane (fast-lane.ts). It takes only the
 * plainest requests, the kind a browser or a load balancer sends for a page: GET or HEAD over
 * HTTP/1.1, an origin-form target, every header once, no body. Anything else it declines, and
 * the connection is handed to Node's own HTTP parser, which answers it (or refuses it) as it
 * would any request; so a request the two readers could understand differently (a body by two
 * rules, a folded or bare-LF line, a second Host) is never answered here (decision 0072).
 */
export type PlainHead = {
  method: 'GET' | 'HEAD';
  /** The request target as sent: a path starting with `/`, and its query. */
  target: string;
  /** Header values by lower-case name, each sent once; spaces around a value removed. */
  headers: Map<string, string>;
};

/** Longer heads are left to Node, which reads up to its own limit. */
export const maxPlainHeadBytes = 16 * 1024;
const maxHeaders = 64;

const requestLine = /^(GET|HEAD) (\/[!-~]*) HTTP\/1\.1$/;
// A token, a colon, then a value of visible characters, spaces, tabs and obs-text: no control
// character, so no CR or LF inside a line.
const headerLine = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*([\t\x20-\x7e\x80-\xff]*?)[ \t]*$/;

/** Headers that announce a body, a change of protocol or an interim answer: Node's to read. */
const declined = new Set([
  'content-length',
  'transfer-encoding',
  'expect',
  'upgrade',
  'http2-settings',
  'te',
  'trailer',
]);

/**
 * The head in `text` (as latin1, without its closing empty line), or undefined when it is not
 * one the fast lane may answer.
 */
export function readPlainHead(text: string): PlainHead | undefined {
  const lines = text.split('\r\n');
  if (lines.length - 1 > maxHeaders) return undefined;
  const first = requestLine.exec(lines[0] ?? '');
  if (!first) return undefined;
  const headers = new Map<string, string>();
  for (let i = 1; i < lines.length; i++) {
    const header = headerLine.exec(lines[i] as string);
    if (!header) return undefined;
    const name = (header[1] as string).toLowerCase();
    if (declined.has(name) || headers.has(name)) return undefined;
    headers.set(name, header[2] as string);
  }
  if (!headers.has('host')) return undefined;
  const connection = headers.get('connection');
  if (connection !== undefined && connection.toLowerCase() !== 'keep-alive') return undefined;
  return { method: first[1] as 'GET' | 'HEAD', target: first[2] as string, headers };
}
