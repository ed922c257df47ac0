import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueFormToken } from '../../src/features/forms/server/form-token.ts';
import { saveForm } from '../../src/features/forms/server/forms-store.ts';
import { ajaxMessages } from '../../src/platform/ajax/ajax-router.ts';
import { bumpContentVersion } from '../../src/platform/cache/content-version.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { httpMessages } from '../../src/server/http-messages.ts';
import { maxDiscardedBytes } from '../../src/server/request-body.ts';
import { routeRules } from '../../src/server/routes.ts';
import { testDatabases } from '../support/databases.ts';
import { processMemory, resetPeakMemory, sendRaw } from '../support/raw-http.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const secret = 'http-edges-test-secret-0123456789abcdefghij';
const bodyTimeoutMs = 1500;
const megabyte = 1024 * 1024;

/**
 * The server's edges over HTTP, on the built site: what it reads of a request (methods, body
 * sizes, slow bodies), per-action rate limits of `/ajax`, cache keys, redirects and headers.
 * Runs once per database (SQLite, and PostgreSQL with TEST_DATABASE_URL).
 */
for (const database of testDatabases()) {
  describe(`the server's edges on ${database.name}`, () => {
    let server: TestServer;
    let handle: DatabaseHandle;
    let uniqueClient = 0;
    /** A client address of its own (the server trusts one proxy), so limits start afresh. */
    const client = () => `198.51.100.${++uniqueClient}`;

    beforeAll(async () => {
      const empty = await database.open();
      const url =
        database.name === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : undefined;
      await empty.close();
      server = await startTestServer({
        QUIRE_SECRET: secret,
        SITE_URL: 'https://blog.example',
        FORM_SUBMISSIONS_PER_MINUTE: '3',
        TRUST_PROXY: '1',
        REQUEST_BODY_TIMEOUT_MS: String(bodyTimeoutMs),
        ...(url ? { DATABASE_URL: url } : {}),
      });
      handle = connectDatabase(
        url
          ? { kind: 'postgres', url }
          : { kind: 'sqlite', file: join(server.dataDir, 'quire.db') },
      );
    }, 90_000);
    afterAll(async () => {
      await handle?.db.destroy();
      await server?.stop();
    });

    /** Every address that takes a POST, each reading at most 1 MB (forms) or 16 KB. */
    const postRoutes = [
      '/ajax',
      '/contact/',
      '/about/',
      '/subscription-form/1/8',
      '/subscription/confirm?t=1.x',
      '/subscription/unsubscribe?t=1.x',
    ];

    describe('request bodies', () => {
      it('answers 2 MB sent to any POST route with 413, declared or chunked, every time', async () => {
        for (const path of postRoutes) {
          for (const chunked of [false, true]) {
            for (let i = 0; i < 4; i++) {
              const exchange = await sendRaw(server.url, {
                path,
                bodyBytes: 2 * megabyte,
                chunked,
              });
              expect(exchange.status, `${path} chunked=${chunked}`).toBe(413);
              expect(exchange.response).toContain(httpMessages.bodyTooLarge);
            }
          }
          // A client that closes after its request (curl, mail programs) gets the answer too.
          for (let i = 0; i < 4; i++) {
            const exchange = await sendRaw(server.url, {
              path,
              bodyBytes: 2 * megabyte,
              headers: { Connection: 'close' },
            });
            expect(exchange.status, `${path} Connection: close`).toBe(413);
          }
          // And an ordinary client.
          const response = await fetch(`${server.url}${path}`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              Origin: server.url,
            },
            body: Buffer.alloc(2 * megabyte, 'a'),
          });
          expect(response.status, path).toBe(413);
          await response.arrayBuffer();
        }
      });

      it('tells a client still sending a refused body to close, so its next request is answered', async () => {
        for (const path of postRoutes) {
          // More than the server reads and throws away: it stops reading part way, and a client
          // that took the connection for its next request would wait behind the unread rest.
          const refused = await fetch(`${server.url}${path}`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              Origin: server.url,
            },
            body: Buffer.alloc(maxDiscardedBytes + 4 * megabyte, 'a'),
          });
          expect(refused.status, path).toBe(413);
          expect(refused.headers.get('connection'), path).toBe('close');
          await refused.arrayBuffer();
          const next = await fetch(`${server.url}/`);
          expect(next.status, path).toBe(200);
          await next.arrayBuffer();
        }
      });

      it('answers /ajax refusals as the JSON its clients read', async () => {
        const exchange = await sendRaw(server.url, {
          path: '/ajax',
          bodyBytes: 2 * megabyte,
        });
        expect(exchange.response).toContain('application/json');
        expect(exchange.response).toContain(
          JSON.stringify({
            success: false,
            data: { message: httpMessages.bodyTooLarge },
          }),
        );
      });

      it('stops reading a body far over the limit, so memory stays flat', async () => {
        const sendHuge = async () => {
          for (const path of postRoutes) {
            const exchange = await sendRaw(server.url, {
              path,
              bodyBytes: 64 * megabyte,
              chunked: true,
            });
            // The server closed the connection long before 64 MB: it stopped reading. It reads
            // the route's own limit before it refuses, then discards up to 16 MB; once it
            // stops, the client can still fill the kernel's buffers (the receiving socket's, up
            // to tcp_rmem's maximum, 32 MB on this machine, once a slow reader has let it grow,
            // and its own sending one), and no more.
            expect(exchange.sentAll, path).toBe(false);
            expect(exchange.closed, path).toBe(true);
            expect(exchange.sentBytes, path).toBeLessThan(
              routeRules(new URL(path, server.url).pathname).maxBodyBytes +
                maxDiscardedBytes +
                kernelSocketBufferBytes() +
                megabyte,
            );
            expect(exchange.status, path).toBe(413);
          }
        };
        // What the server discards is garbage until the collector runs, and freed memory stays
        // with the process for the next request: the first round grows it (by how much depends
        // on when the collector ran, so on the machine's load). Flat is what comes after: the
        // same 384 MB again may not add one discarded body's worth.
        await sendHuge();
        const before = processMemory(server.pid).rss;
        resetPeakMemory(server.pid);
        await sendHuge();
        const peak = processMemory(server.pid).peak;
        expect(peak - before).toBeLessThan(maxDiscardedBytes);
      });

      it('answers a body that arrives too slowly with 408 and closes the connection', async () => {
        const stalled = postRoutes.flatMap((path) =>
          [false, true].map(async (chunked) => {
            // Part of a body, then nothing.
            const exchange = await sendRaw(server.url, {
              path,
              bodyBytes: 10,
              chunked,
              stall: true,
            });
            expect(exchange.status, `${path} chunked=${chunked}`).toBe(408);
            expect(exchange.response).toContain(httpMessages.bodyTimeout);
            expect(exchange.closed).toBe(true);
          }),
        );
        // A byte every 100 ms keeps the connection busy, but never finishes in time.
        const trickling = sendRaw(server.url, {
          path: '/contact/',
          trickle: { bytes: 200, everyMs: 100 },
          stall: true,
        }).then((exchange) => {
          expect(exchange.status).toBe(408);
          expect(exchange.closed).toBe(true);
          expect(exchange.sentAll).toBe(false);
        });
        await Promise.all([...stalled, trickling]);
      });

      it('still reads a body that arrives in time, in small pieces', async () => {
        const exchange = await sendRaw(server.url, {
          path: '/subscription-form/1/8',
          bodyBytes: 0,
          trickle: { bytes: 5, everyMs: 50 },
        });
        // "aaaaa" is no e-mail address: the page read it and said so.
        expect(exchange.status).toBe(422);
      });
    });

    describe('methods', () => {
      it('answers TRACE and other methods an address does not take with 405 and Allow', async () => {
        const home = await (await fetch(`${server.url}/`)).text();
        const stylesheet = /href="(\/_astro\/[^"]+\.css)"/.exec(home)?.[1];
        const image = /src="(\/media\/[^"]+)"/.exec(home)?.[1];
        expect(stylesheet).toBeDefined();
        expect(image).toBeDefined();
        const allowed: [string, string][] = [
          ['/', 'GET, HEAD'],
          ['/search?q=x', 'GET, HEAD'],
          ['/feed.xml', 'GET, HEAD'],
          ['/no-such-page/', 'GET, HEAD, POST'],
          ['/a/b/c', 'GET, HEAD'],
          [stylesheet!, 'GET, HEAD'],
          [image!.replaceAll('&amp;', '&'), 'GET, HEAD'],
          ['/about/', 'GET, HEAD, POST'],
          ['/ajax', 'POST'],
          ['/subscription-form/1/8', 'GET, HEAD, POST'],
          ['/subscription/unsubscribe?t=x', 'GET, HEAD, POST'],
        ];
        for (const [path, allow] of allowed) {
          for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH']) {
            const response = await fetch(`${server.url}${path}`, {
              method,
              headers: { Origin: server.url },
            }).catch((error: Error) => error);
            // fetch refuses to send TRACE itself; the raw request below covers it.
            if (response instanceof Error) continue;
            expect(response.status, `${method} ${path}`).toBe(405);
            expect(response.headers.get('allow'), `${method} ${path}`).toBe(allow);
            await response.arrayBuffer();
          }
          const trace = await sendRaw(server.url, { method: 'TRACE', path });
          expect(trace.status, `TRACE ${path}`).toBe(405);
          expect(trace.response).toContain(`Allow: ${allow}`);
          const options = await fetch(`${server.url}${path}`, {
            method: 'OPTIONS',
          });
          expect(options.status, `OPTIONS ${path}`).toBe(204);
          expect(options.headers.get('allow')).toBe(allow);
        }
        const get = await fetch(`${server.url}/ajax`);
        expect(get.status).toBe(405);
        expect(await get.json()).toEqual({
          success: false,
          data: { message: httpMessages.methodNotAllowed('POST') },
        });
      });
    });

    describe('rate limits of /ajax actions', () => {
      const ajax = (forwardedFor: string, fields: Record<string, string>) =>
        fetch(`${server.url}/ajax`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            Origin: server.url,
            'X-Forwarded-For': forwardedFor,
          },
          body: new URLSearchParams(fields),
        });

      /** Counts are per minute: a burst that began near a minute's end would be split. */
      const inOneWindow = async () => {
        const left = 60_000 - (Date.now() % 60_000);
        if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
      };

      for (const [action, fields] of [
        ['qforms_restricted_email', { form_id: '2', field_id: '2', email: 'a@example.org' }],
        ['qforms_get_token', { formId: '1' }],
      ] as const) {
        it(`${action}: 30 calls a minute per client, then 429 with Retry-After`, async () => {
          await inOneWindow();
          const visitor = client();
          for (let i = 0; i < 30; i++) {
            const response = await ajax(visitor, { action, ...fields });
            expect(response.status, `call ${i + 1}`).toBe(200);
            await response.arrayBuffer();
          }
          const refused = await ajax(visitor, { action, ...fields });
          expect(refused.status).toBe(429);
          const retryAfter = Number(refused.headers.get('retry-after'));
          expect(retryAfter).toBeGreaterThanOrEqual(1);
          expect(retryAfter).toBeLessThanOrEqual(60);
          expect(await refused.json()).toEqual({
            success: false,
            data: { message: ajaxMessages.tooManyRequests(retryAfter) },
          });
          // Another client is not held back.
          expect((await ajax(client(), { action, ...fields })).status).toBe(200);
        });
      }

      it('qforms_submit counts each submission once, AJAX and normal POST together', async () => {
        await inOneWindow();
        const visitor = client();
        const now = Math.floor(Date.now() / 1000);
        const submission = (n: number) => ({
          'qforms[id]': '1',
          'qforms[token]': issueFormToken(secret, 1, Date.now() - 10_000).token,
          'qforms[fields][1][first]': 'Ada',
          'qforms[fields][1][last]': 'Lovelace',
          'qforms[fields][2]': 'ada@example.org',
          'qforms[fields][3]': 'Engines',
          'qforms[fields][4]': `A note about analytical engines, number ${n} of the edges test.`,
          'qforms[fields][5][]': '1',
          start_timestamp: String(now - 30),
          end_timestamp: String(now),
        });
        const normalPost = (n: number) =>
          fetch(`${server.url}/contact/`, {
            method: 'POST',
            redirect: 'manual',
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              Origin: server.url,
              'X-Forwarded-For': visitor,
            },
            body: new URLSearchParams(submission(n)),
          });
        // FORM_SUBMISSIONS_PER_MINUTE is 3 here.
        const first = await ajax(visitor, {
          action: 'qforms_submit',
          ...submission(1),
        });
        expect(first.status, await first.clone().text()).toBe(200);
        expect((await normalPost(2)).status).toBe(200);
        expect((await ajax(visitor, { action: 'qforms_submit', ...submission(3) })).status).toBe(
          200,
        );
        expect((await ajax(visitor, { action: 'qforms_submit', ...submission(4) })).status).toBe(
          429,
        );
        expect((await normalPost(5)).status).toBe(429);
      });
    });

    describe('page cache', () => {
      it('keeps the home page cached through 10,000 random addresses', async () => {
        await (await fetch(`${server.url}/`)).arrayBuffer();
        expect((await fetch(`${server.url}/`)).headers.get('x-cache')).toBe('HIT');
        const random = () => Math.random().toString(36).slice(2, 10);
        // Most are real pages with parameters they do not read; a quarter are made-up pages.
        const makers = [
          () => `/?${random()}=${random()}`,
          () => `/?utm_source=${random()}&page=1`,
          () => `/about/?ref=${random()}`,
          () => `/contact/?${random()}`,
          () => `/archive/2026/01/?x=${random()}`,
          () => `/feed.xml?${random()}`,
          () => `/${random()}-${random()}/`,
          () => `/search?q=${random()}`,
        ];
        const addresses = Array.from({ length: 10_000 }, (_, i) => makers[i % makers.length]!());
        let next = 0;
        const worker = async () => {
          while (next < addresses.length) {
            const response = await fetch(`${server.url}${addresses[next++]}`);
            await response.arrayBuffer();
          }
        };
        await Promise.all(Array.from({ length: 8 }, worker));
        const home = await fetch(`${server.url}/`);
        expect(home.headers.get('x-cache')).toBe('HIT');
        // Parameters the home page does not read find the same copy.
        const tagged = await fetch(`${server.url}/?utm_campaign=${random()}`);
        expect(tagged.headers.get('x-cache')).toBe('HIT');
        expect(tagged.headers.get('etag')).toBe(home.headers.get('etag'));
      }, 240_000);

      it('still tells pages apart by the parameters they read', async () => {
        const first = await (await fetch(`${server.url}/?page=1`)).text();
        const second = await (await fetch(`${server.url}/?page=2&utm_source=x`)).text();
        expect(second).not.toBe(first);
        expect(second).toContain(': page 2');
      });
    });

    describe('redirects', () => {
      it('refuses addresses another site could hide in', async () => {
        for (const path of ['/\\evil.example', '//evil.example', '//evil.example/', '/a\\b']) {
          const response = await sendRaw(server.url, { method: 'GET', path });
          expect(response.status, path).toBe(400);
          expect(response.response).not.toMatch(/\r\nLocation:/i);
        }
      });

      it('never sends a visitor to a form redirect that leads off the site through a backslash', async () => {
        const definition = JSON.parse(
          (
            await handle.db
              .selectFrom('forms')
              .select('definition')
              .where('id', '=', 1)
              .executeTakeFirstOrThrow()
          ).definition,
        );
        definition.settings.confirmation = {
          type: 'redirect',
          url: '/\\evil.example',
          newTab: false,
        };
        // Saving such a definition is refused…
        await expect(saveForm(handle, definition)).rejects.toThrow(/confirmation/);
        // …and one stored before the rule (or written around it) is not followed.
        const now = Date.now();
        await handle.db
          .insertInto('forms')
          .values({
            id: 99,
            title: 'Stored unsafe redirect',
            definition: JSON.stringify(definition),
            created_at: now,
            updated_at: now,
          })
          .execute();
        await bumpContentVersion(handle.db);
        const fields = (n: number) => ({
          'qforms[id]': '99',
          'qforms[token]': issueFormToken(secret, 99, Date.now() - 10_000).token,
          'qforms[fields][1][first]': 'Ada',
          'qforms[fields][1][last]': 'Lovelace',
          'qforms[fields][2]': 'ada@example.org',
          'qforms[fields][3]': 'Engines',
          'qforms[fields][4]': `A message that should not be sent away, number ${n}.`,
          'qforms[fields][5][]': '1',
          start_timestamp: String(Math.floor(Date.now() / 1000) - 30),
          end_timestamp: String(Math.floor(Date.now() / 1000)),
        });
        const viaAjax = await fetch(`${server.url}/ajax`, {
          method: 'POST',
          headers: { Origin: server.url, 'X-Forwarded-For': client() },
          body: new URLSearchParams({ action: 'qforms_submit', ...fields(1) }),
        });
        const answer = await viaAjax.json();
        expect(answer.success).toBe(true);
        expect(JSON.stringify(answer)).not.toContain('evil.example');
        const viaPage = await fetch(`${server.url}/about/`, {
          method: 'POST',
          redirect: 'manual',
          headers: { Origin: server.url, 'X-Forwarded-For': client() },
          body: new URLSearchParams(fields(2)),
        });
        expect(viaPage.status).toBe(200);
        expect(viaPage.headers.get('location')).toBeNull();
      });
    });

    describe('headers', () => {
      it('sends HSTS when the site is served over https', async () => {
        for (const path of ['/', '/robots.txt', '/no-such-page/', '/?qstat=1']) {
          const response = await fetch(`${server.url}${path}`);
          expect(response.headers.get('strict-transport-security'), path).toBe('max-age=31536000');
        }
      });
    });
  });
}

/** The most the kernel holds for one loopback connection: the largest receive and send buffers. */
function kernelSocketBufferBytes(): number {
  const largest = (file: string) =>
    Number(readFileSync(`/proc/sys/net/ipv4/${file}`, 'utf8').trim().split(/\s+/)[2]);
  return largest('tcp_rmem') + largest('tcp_wmem');
}
