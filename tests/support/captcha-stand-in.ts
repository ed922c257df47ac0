import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the siteverify calls of hCaptcha (docs.hcaptcha.com), Google reCAPTCHA
 * (developers.google.com/recaptcha/docs/verify) and Cloudflare Turnstile
 * (developers.cloudflare.com/turnstile/get-started/server-side-validation): a form-encoded POST
 * of `secret`, `response` and optionally `remoteip`, answered with their documented JSON,
 * `{ "success": …, "challenge_ts": …, "hostname": …, "error-codes": [...] }`.
 *
 * A token made by `passingToken` passes once for the secret it was made for; another token is
 * `invalid-input-response`, a used one `timeout-or-duplicate` (hCaptcha: `already-seen-response`),
 * a wrong secret `invalid-input-secret`. With `unreachable` set, every call's connection is
 * closed without an answer. Every call is kept, so tests see what reached the service.
 */

export type CaptchaService = 'hcaptcha' | 'recaptcha' | 'turnstile';

export type SiteverifyCall = {
  service: CaptchaService;
  contentType: string;
  form: URLSearchParams;
};

/** Each service's siteverify path on the stand-in, as in its own address. */
export const standInPaths: Record<CaptchaService, string> = {
  hcaptcha: '/hcaptcha/siteverify',
  recaptcha: '/recaptcha/api/siteverify',
  turnstile: '/turnstile/v0/siteverify',
};

export type CaptchaStandIn = {
  url: string;
  /** The address of one service's siteverify on the stand-in. */
  verifyUrl: (service: CaptchaService) => string;
  calls: SiteverifyCall[];
  /** A token the service would have given a visitor who passed, good for this secret once. */
  passingToken: (secret: string) => string;
  /** While true, calls get no answer: the connection is closed. */
  unreachable: boolean;
  close: () => Promise<void>;
};

export async function startCaptchaStandIn(): Promise<CaptchaStandIn> {
  const calls: SiteverifyCall[] = [];
  const issued = new Map<string, string>();
  const spent = new Set<string>();
  let counter = 0;

  const answer = (response: ServerResponse, body: Record<string, unknown>) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const service = (Object.keys(standInPaths) as CaptchaService[]).find(
      (name) => standInPaths[name] === path,
    );
    if (!service || request.method !== 'POST') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: false, 'error-codes': ['bad-request'] }));
      return;
    }
    if (standIn.unreachable) {
      request.socket.destroy();
      return;
    }
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    calls.push({ service, contentType: request.headers['content-type'] ?? '', form });
    const secret = form.get('secret') ?? '';
    const token = form.get('response') ?? '';
    const refuse = (code: string) => answer(response, { success: false, 'error-codes': [code] });
    if (secret === '') return refuse('missing-input-secret');
    if (token === '') return refuse('missing-input-response');
    const issuedFor = issued.get(token);
    if (issuedFor === undefined) return refuse('invalid-input-response');
    if (issuedFor !== secret) return refuse('invalid-input-secret');
    if (spent.has(token)) {
      return refuse(service === 'hcaptcha' ? 'already-seen-response' : 'timeout-or-duplicate');
    }
    spent.add(token);
    answer(response, {
      success: true,
      challenge_ts: new Date().toISOString(),
      hostname: '127.0.0.1',
      'error-codes': [],
      ...(service === 'hcaptcha' ? { credit: false } : {}),
      ...(service === 'turnstile' ? { action: '', cdata: '' } : {}),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const standIn: CaptchaStandIn = {
    url,
    verifyUrl: (service) => `${url}${standInPaths[service]}`,
    calls,
    passingToken: (secret) => {
      const token = `P1_stand-in-token-${++counter}-${'x'.repeat(40)}`;
      issued.set(token, secret);
      return token;
    },
    unreachable: false,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
