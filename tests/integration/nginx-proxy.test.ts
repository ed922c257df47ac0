import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/features/admin/server/sessions.ts';
import { moreMessages } from '../../src/features/forms/more-messages.ts';
import { megabytes } from '../../src/features/forms/rules/files.ts';
import { writeFileSettings } from '../../src/features/forms/server/files-settings-store.ts';
import { issueFormToken } from '../../src/features/forms/server/form-token.ts';
import { saveForm } from '../../src/features/forms/server/forms-store.ts';
import { serverMessages } from '../../src/features/forms/server/server-messages.ts';
import { sessionCookieName } from '../../src/platform/cookies.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { fill } from '../../src/platform/fill-message.ts';
import { rateLimitKey } from '../../src/platform/rate-limit.ts';
import { httpMessages } from '../../src/server/http-messages.ts';
import { testDatabases } from '../support/databases.ts';
import {
  nginxSample,
  plainHttpVariant,
  type RunningNginx,
  startNginx,
  writeNginxConfig,
} from '../support/nginx.ts';
import { sendRaw } from '../support/raw-http.ts';
import { freePort, startTestServer, type TestServer } from '../support/test-server.ts';

const secret = 'nginx-proxy-test-secret-0123456789abcdefgh';
/** The sample's own server_name: the requests are what nginx sees once TLS is ended. */
const publicHost = 'blog.example.org';
const siteUrl = `https://${publicHost}`;
const contactForm = 1;
const submissionsPerMinute = 2;
const uploadLimitMb = 8;
const megabyte = 1024 * 1024;

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };
type Call = {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** The visitor's own address: each 127.0.0.x is another visitor to nginx. */
  from?: string;
};

/** A multipart body as a browser sends it, with its Content-Type (and boundary). */
async function multipart(fields: [string, string | File][]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const encoded = new Response(form);
  return {
    type: encoded.headers.get('content-type') as string,
    body: Buffer.from(await encoded.arrayBuffer()),
  };
}

/**
 * The nginx sample (deploy/nginx/quire.conf) over plain HTTP in front of the built site, as
 * docs/deploy.md runs it: Quire's SITE_URL is the https address and TRUST_PROXY is 1. Each
 * request is what nginx receives from a browser once TLS is ended: the public Host and Origin.
 */
for (const database of testDatabases()) {
  describe(`the nginx sample in front of Quire on ${database.name}`, () => {
    let server: TestServer;
    let handle: DatabaseHandle;
    let nginx: RunningNginx;
    let nginxPort: number;
    let root: string;

    beforeAll(async () => {
      const empty = await database.open();
      await empty.close();
      const url =
        database.name === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : undefined;
      server = await startTestServer({
        QUIRE_SECRET: secret,
        SITE_URL: siteUrl,
        TRUST_PROXY: '1',
        QUIRE_ADMIN_EMAIL: 'owner@example.org',
        QUIRE_ADMIN_PASSWORD: 'correct horse battery staple',
        FORM_SUBMISSIONS_PER_MINUTE: String(submissionsPerMinute),
        ...(url ? { DATABASE_URL: url } : {}),
      });
      handle = connectDatabase(
        url
          ? { kind: 'postgres', url }
          : { kind: 'sqlite', file: join(server.dataDir, 'quire.db') },
      );
      // Under /tmp: nginx's worker (nobody, when the tests run as root) must reach its files.
      root = mkdtempSync('/tmp/quire-nginx-');
      nginxPort = await freePort();
      const site = plainHttpVariant(readFileSync(nginxSample, 'utf8'), {
        listenPort: nginxPort,
        upstreamPort: Number(new URL(server.url).port),
      });
      nginx = await startNginx(root, writeNginxConfig(root, 'quire', site), nginxPort);
    }, 90_000);
    afterAll(async () => {
      await nginx?.stop();
      await handle?.db.destroy();
      await server?.stop();
      if (root) rmSync(root, { recursive: true, force: true });
    });

    const call = (path: string, options: Call = {}): Promise<Answer> =>
      new Promise((resolve, reject) => {
        const sent = request(
          {
            host: '127.0.0.1',
            port: nginxPort,
            path,
            method: options.method ?? 'GET',
            localAddress: options.from ?? '127.0.0.1',
            headers: {
              host: publicHost,
              ...(options.body ? { 'content-length': String(options.body.byteLength) } : {}),
              ...options.headers,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode as number,
                headers: response.headers,
                body: Buffer.concat(chunks),
              }),
            );
          },
        );
        sent.on('error', reject);
        sent.end(options.body);
      });

    /** A contact message as the form island sends it, from the site's public address. */
    const sendContact = async (from: string, extra: Record<string, string> = {}) => {
      const { type, body } = await multipart([
        ['action', 'qforms_submit'],
        ['qforms[id]', String(contactForm)],
        ['qforms[token]', issueFormToken(secret, contactForm, Date.now() - 10_000).token],
        ['qforms[fields][1][first]', 'Ada'],
        ['qforms[fields][1][last]', 'Lovelace'],
        ['qforms[fields][2]', 'ada@example.org'],
        ['qforms[fields][4]', `A message from ${from}`],
        ['qforms[fields][5][]', '1'],
      ]);
      const answer = await call('/ajax', {
        method: 'POST',
        from,
        body,
        headers: { origin: siteUrl, 'content-type': type, ...extra },
      });
      return { status: answer.status, json: JSON.parse(answer.body.toString()) };
    };

    /** Whether Quire counted a form submission from this address (a keyed hash of it). */
    const counted = async (address: string) =>
      (await handle.db
        .selectFrom('rate_limits')
        .select('key')
        .where(
          'key',
          '=',
          rateLimitKey(secret, { scope: 'form-submit', limit: 0, windowMs: 0 }, address),
        )
        .executeTakeFirst()) !== undefined;

    it('takes forms sent from the https address, and refuses those from another site', async () => {
      expect((await sendContact('127.0.0.5')).status).toBe(200);
      const forged = await sendContact('127.0.0.5', { origin: 'https://elsewhere.example' });
      expect(forged).toEqual({
        status: 403,
        json: { success: false, data: { message: httpMessages.crossSiteForm } },
      });
    });

    it('limits each visitor by their own address, whatever X-Forwarded-For they send', async () => {
      // The limit counts per minute: start early in one, so the attempts share it.
      const second = new Date().getSeconds();
      if (second > 55) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
      const statuses: number[] = [];
      let last: { data: { errors: { general: { header?: string } } } } | undefined;
      for (let i = 0; i <= submissionsPerMinute; i++) {
        // Another made-up address each time: none of them is believed.
        const answer = await sendContact('127.0.0.2', { 'x-forwarded-for': `203.0.113.${i}` });
        statuses.push(answer.status);
        last = answer.json;
      }
      expect(statuses).toEqual([...Array(submissionsPerMinute).fill(200), 429]);
      expect(last?.data.errors.general.header).toBe(serverMessages.tooManySubmissions);
      expect(await counted('127.0.0.2')).toBe(true);
      expect(await counted('203.0.113.0')).toBe(false);
      // Not nginx's own address either: another visitor still has the whole minute's worth.
      expect(await counted('127.0.0.1')).toBe(false);
      expect((await sendContact('127.0.0.3')).status).toBe(200);
    });

    it("passes Quire's cache headers, its compression and its 304s through", async () => {
      const page = await call('/', { headers: { 'accept-encoding': 'br, gzip' } });
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers.vary).toBe('Accept-Encoding');
      const etag = page.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await call('/', {
        headers: { 'accept-encoding': 'br, gzip', 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(etag);
      expect(again.body.byteLength).toBe(0);

      const stylesheet = /href="(\/_astro\/[^"]+\.css)"/.exec(
        (await call('/', { headers: { 'accept-encoding': 'identity' } })).body.toString(),
      )?.[1] as string;
      const file = await call(stylesheet);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const fileAgain = await call(stylesheet, {
        headers: { 'if-none-match': file.headers.etag as string },
      });
      expect(fileAgain.status).toBe(304);

      // What Quire sends uncompressed (an admin page, with its token) is not compressed on the way.
      const signIn = await call('/admin/sign-in', { headers: { 'accept-encoding': 'gzip' } });
      expect(signIn.status).toBe(200);
      expect(signIn.headers['content-encoding']).toBeUndefined();
      expect(signIn.headers['cache-control']).toContain('no-store');
      expect(signIn.headers['strict-transport-security']).toBe('max-age=31536000');
    });

    describe('form files', () => {
      let formId: number;
      let adminCookie: string;
      const atLimit = Buffer.alloc(uploadLimitMb * megabyte, 'Quire, behind nginx.\n');

      beforeAll(async () => {
        formId = (
          await saveForm(handle, {
            title: 'Files',
            settings: { antispam: { honeypot: true, minimumSeconds: 0 } },
            fields: [
              { id: 1, type: 'text', label: 'Name' },
              {
                id: 2,
                type: 'file-upload',
                label: 'Attachment',
                extensions: ['txt'],
                maxSizeMb: 100,
                maxFiles: 1,
              },
            ],
          })
        ).id;
        await writeFileSettings(handle.db, { uploadLimitMb });
        const owner = await handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
        adminCookie = `${sessionCookieName}=${await createSession(handle.db, owner.id)}`;
      });

      const upload = async (content: Buffer) => {
        const { type, body } = await multipart([
          ['action', 'qforms_submit'],
          ['qforms[id]', String(formId)],
          ['qforms[token]', issueFormToken(secret, formId, Date.now() - 10_000).token],
          ['qforms[submission_id]', `upload-${Math.random()}`],
          ['qforms[fields][1]', 'Ada'],
          ['qforms[fields][3]', ''],
          ['qforms[fields][2][]', new File([new Uint8Array(content)], 'notes.txt')],
        ]);
        const answer = await call('/ajax', {
          method: 'POST',
          from: '127.0.0.4',
          body,
          headers: { origin: siteUrl, 'content-type': type },
        });
        return { status: answer.status, json: JSON.parse(answer.body.toString()) };
      };

      it('take an upload at the limit, streamed to Quire without a copy on nginx’s disk', async () => {
        const { status, json } = await upload(atLimit);
        expect(status).toBe(200);
        expect(json.success).toBe(true);
        expect(nginx.errorLog()).not.toContain('a client request body is buffered');
      });

      it('refuse one over the limit with Quire’s own message, read or unread', async () => {
        const over = await upload(Buffer.concat([atLimit, Buffer.from('!')]));
        expect(over.status).toBe(413);
        expect(over.json.data.errors.general.header).toMatch(
          new RegExp(
            `^The files you chose come to ${uploadLimitMb}\\.\\d{3} MB, more than the ${uploadLimitMb}\\.000 MB a form can take\\.`,
          ),
        );
        // A browser sends the whole body before it reads the answer: 40 MB, refused unread.
        const declared = 40 * megabyte;
        const raw = await sendRaw(`http://127.0.0.1:${nginxPort}`, {
          path: '/ajax',
          bodyBytes: declared,
          headers: {
            Host: publicHost,
            Origin: siteUrl,
            'Content-Type': 'multipart/form-data; boundary=quire',
          },
        });
        expect(raw.status).toBe(413);
        expect(raw.response).toContain(
          fill(moreMessages.uploadTotal, {
            totalSize: megabytes(declared),
            maxSize: megabytes(uploadLimitMb * megabyte),
          }),
        );
        expect(raw.response).not.toContain('<center>nginx</center>');
      });

      it('stream an entry’s file to the owner at the owner’s pace, unbuffered by nginx', async () => {
        const file = await handle.db
          .selectFrom('form_files')
          .select('storage_key')
          .where('form_id', '=', formId)
          .where('entry_id', 'is not', null)
          .executeTakeFirstOrThrow();
        const download = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>(
          (resolve, reject) => {
            const sent = request(
              {
                host: '127.0.0.1',
                port: nginxPort,
                path: `/admin/files/${file.storage_key}`,
                headers: { host: publicHost, cookie: adminCookie },
              },
              (response) => {
                // A slow owner: nothing is read for a while, so whatever nginx is given and
                // cannot pass on, it must keep. Passed on unbuffered, it keeps nothing.
                response.pause();
                setTimeout(() => {
                  const chunks: Buffer[] = [];
                  response.on('data', (chunk: Buffer) => chunks.push(chunk));
                  response.on('end', () =>
                    resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
                  );
                  response.resume();
                }, 1500);
              },
            );
            sent.on('error', reject);
            sent.end();
          },
        );
        expect(download.headers['content-length']).toBe(String(atLimit.byteLength));
        expect(download.headers['x-accel-buffering']).toBeUndefined();
        const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
        expect(digest(download.body)).toBe(digest(atLimit));
        expect(nginx.errorLog()).not.toContain('an upstream response is buffered');
      });
    });
  });
}
