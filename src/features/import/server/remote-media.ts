import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { maxImageBytes } from '../../content/media-urls.ts';
import { mediaMessages as m } from '../messages.ts';
import type { MediaFound, MediaSource, MediaWanted } from './media-source.ts';
import { isPublicAddress } from './public-address.ts';

export type RemoteMediaOptions = {
  /**
   * The old site's hosts, as the export names them (`old.example`, `old.example:8080` or a whole
   * address): `www.` is added to each, or taken off. A host without a port allows the default
   * ports only.
   */
  allowedHosts: readonly string[];
  /** Files fetched at once; the others wait their turn. */
  concurrency?: number;
  /** The longest one request may take, body included. */
  timeoutMs?: number;
  /** The longest the old site may take to start answering a request. */
  headersTimeoutMs?: number;
  /** Tries per file when the network fails, a request times out, or the site answers 429 or 5xx. */
  tries?: number;
  /** The wait before the second try; it doubles for each further one. */
  retryDelayMs?: number;
  /** The longest wait a Retry-After header is obeyed for. */
  maxRetryAfterMs?: number;
  maxBytes?: number;
  /** How a host name becomes addresses; the system resolver unless given. */
  resolveName?: (host: string) => Promise<LookupAddress[]>;
  /**
   * For tests only, whose stand-in of the old site listens on 127.0.0.1: these addresses are
   * fetched from although they are not public. Nothing in configuration sets it.
   */
  testOnlyAllowedAddresses?: readonly string[];
};

const mostRedirects = 5;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

type Failure = { reason: string; retry: boolean; retryAfterMs?: number };
type HopResult = { bytes: Uint8Array } | { redirectTo: string } | Failure;

/**
 * A media source fetching from the old site itself (decision 0064): only from the export's own
 * hosts, only to public addresses, each hop of a redirect checked again, connecting to the very
 * addresses that were checked (so a name cannot resolve to a public address for the check and a
 * private one for the connection). A few files at a time, with retries and limits.
 */
export function remoteMediaSource(options: RemoteMediaOptions): MediaSource {
  const settings = {
    concurrency: options.concurrency ?? 4,
    timeoutMs: options.timeoutMs ?? 30_000,
    headersTimeoutMs: options.headersTimeoutMs ?? 15_000,
    tries: options.tries ?? 3,
    retryDelayMs: options.retryDelayMs ?? 1_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
    maxBytes: options.maxBytes ?? maxImageBytes,
  };
  const allowed = allowedHostSet(options.allowedHosts);
  const resolveName =
    options.resolveName ?? ((host: string) => lookup(host, { all: true, verbatim: true }));
  const testOnly = new Set(options.testOnlyAllowedAddresses ?? []);
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: settings.concurrency }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: settings.concurrency }),
  };
  const inTurn = limitConcurrency(settings.concurrency);

  async function addressesOf(shown: string, url: URL): Promise<LookupAddress[] | Failure> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: LookupAddress[];
    if (isIP(host) !== 0) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = await resolveName(host);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        return code === 'EAI_AGAIN'
          ? { reason: m.unreachable(shown, code), retry: true }
          : { reason: m.hostNotFound(shown, host), retry: false };
      }
    }
    if (addresses.length === 0) return { reason: m.hostNotFound(shown, host), retry: false };
    if (addresses.some((a) => !isPublicAddress(a.address) && !testOnly.has(a.address)))
      return { reason: m.privateAddress(shown, host), retry: false };
    return addresses;
  }

  async function hop(shown: string, url: URL): Promise<HopResult> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { reason: m.notHttp(shown), retry: false };
    if (!allowed(url)) return { reason: m.hostNotAllowed(shown, url.host), retry: false };
    const addresses = await addressesOf(shown, url);
    if (!Array.isArray(addresses)) return addresses;
    return request(shown, url, addresses, agents[url.protocol], settings);
  }

  async function attempt(shown: string, start: URL): Promise<{ bytes: Uint8Array } | Failure> {
    let url = start;
    for (let redirects = 0; ; redirects++) {
      const result = await hop(shown, url);
      if (!('redirectTo' in result)) return result;
      if (redirects === mostRedirects)
        return { reason: m.tooManyRedirects(shown, mostRedirects), retry: false };
      try {
        url = new URL(result.redirectTo, url);
      } catch {
        return { reason: m.notAnAddress(result.redirectTo), retry: false };
      }
    }
  }

  async function fetchFile(wanted: MediaWanted): Promise<MediaFound> {
    let start: URL;
    try {
      start = new URL(wanted.url);
    } catch {
      return { ok: false, reason: m.notAnAddress(wanted.url) };
    }
    for (let tried = 1; ; tried++) {
      // A source answers a reason, never throws: not even for what Node's request refuses.
      const result = await attempt(wanted.url, start).catch(
        (error: Error): Failure => ({
          reason: m.unreachable(wanted.url, error.message),
          retry: false,
        }),
      );
      if ('bytes' in result) return { ok: true, bytes: result.bytes, fileName: fileNameOf(start) };
      if (!result.retry) return { ok: false, reason: result.reason };
      if (tried === settings.tries)
        return {
          ok: false,
          reason: tried === 1 ? result.reason : m.afterTries(result.reason, tried),
        };
      const backoff = settings.retryDelayMs * 2 ** (tried - 1);
      await sleep(Math.min(result.retryAfterMs ?? backoff, settings.maxRetryAfterMs));
    }
  }

  return { get: (wanted) => inTurn(() => fetchFile(wanted)) };
}

/** Whether an address's host (and port) is one of the old site's. */
function allowedHostSet(hosts: readonly string[]): (url: URL) => boolean {
  const allowed = new Set<string>();
  for (const entry of hosts) {
    let url: URL;
    try {
      url = new URL(entry.includes('://') ? entry : `http://${entry}`);
    } catch {
      continue;
    }
    const hostname = url.hostname.replace(/\.$/, '');
    const other = hostname.startsWith('www.') ? hostname.slice(4) : `www.${hostname}`;
    for (const name of [hostname, other])
      allowed.add(url.port === '' ? name : `${name}:${url.port}`);
  }
  return (url) => {
    const hostname = url.hostname.replace(/\.$/, '');
    return allowed.has(url.port === '' ? hostname : `${hostname}:${url.port}`);
  };
}

/** Answers the connection's name lookup with the addresses already checked, and nothing else. */
function checkedAddressesOnly(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const usable = family ? addresses.filter((a) => a.family === family) : addresses;
    const [first] = usable;
    if (options.all) callback(null, usable);
    else if (first !== undefined) callback(null, first.address, first.family);
    else callback(Object.assign(new Error('no checked address'), { code: 'ENOTFOUND' }), '');
  };
}

function request(
  shown: string,
  url: URL,
  addresses: LookupAddress[],
  agent: http.Agent,
  settings: { timeoutMs: number; headersTimeoutMs: number; maxBytes: number },
): Promise<HopResult> {
  return new Promise((resolve) => {
    const seconds = (ms: number) => ms / 1000;
    let settled = false;
    const finish = (result: HopResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(wholeTimer);
      clearTimeout(headersTimer);
      resolve(result);
    };
    const giveUp = (result: HopResult) => {
      finish(result);
      outgoing.destroy();
    };
    const outgoing = (url.protocol === 'https:' ? https : http).request(url, {
      agent,
      lookup: checkedAddressesOnly(addresses),
      headers: { 'user-agent': 'Quire import', accept: '*/*', 'accept-encoding': 'identity' },
    });
    const wholeTimer = setTimeout(
      () => giveUp({ reason: m.tookTooLong(shown, seconds(settings.timeoutMs)), retry: true }),
      settings.timeoutMs,
    );
    const headersTimer = setTimeout(
      () => giveUp({ reason: m.noAnswer(shown, seconds(settings.headersTimeoutMs)), retry: true }),
      settings.headersTimeoutMs,
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.message;
      // A certificate that is refused now will be refused on every try.
      if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code))
        finish({ reason: m.certificateRefused(shown, code), retry: false });
      else finish({ reason: m.unreachable(shown, code), retry: true });
    });
    outgoing.on('response', (response) => {
      clearTimeout(headersTimer);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (redirectStatuses.has(status) && location !== undefined)
        return giveUp({ redirectTo: location });
      if (status === 429 || status >= 500) {
        const retryAfterMs = retryAfter(response);
        return giveUp({ reason: m.answered(shown, status), retry: true, ...retryAfterMs });
      }
      if (status !== 200) return giveUp({ reason: m.answered(shown, status), retry: false });
      if (/^text\/html\b/i.test(response.headers['content-type'] ?? ''))
        return giveUp({ reason: m.webPage(shown), retry: false });
      const tooLarge = { reason: m.tooLarge(shown, settings.maxBytes / 1024 / 1024), retry: false };
      if (Number(response.headers['content-length'] ?? 0) > settings.maxBytes)
        return giveUp(tooLarge);
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > settings.maxBytes) giveUp(tooLarge);
        else chunks.push(chunk);
      });
      response.on('end', () => finish({ bytes: new Uint8Array(Buffer.concat(chunks)) }));
      response.on('close', () => {
        if (!response.complete)
          finish({ reason: m.unreachable(shown, 'the connection closed early'), retry: true });
      });
    });
    outgoing.end();
  });
}

/** Retry-After in seconds or as a date, in milliseconds from now. */
function retryAfter(response: IncomingMessage): { retryAfterMs?: number } {
  const value = response.headers['retry-after']?.trim();
  if (value === undefined || value === '') return {};
  if (/^\d+$/.test(value)) return { retryAfterMs: Number(value) * 1000 };
  const at = Date.parse(value);
  return Number.isNaN(at) ? {} : { retryAfterMs: Math.max(0, at - Date.now()) };
}

function fileNameOf(url: URL): string {
  const last = url.pathname.split('/').findLast((segment) => segment !== '') ?? url.hostname;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs at most `most` tasks at once; the others start in the order they came. */
function limitConcurrency(most: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < most) running++;
    else await new Promise<void>((start) => waiting.push(start));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next === undefined) running--;
      else next();
    }
  };
}
