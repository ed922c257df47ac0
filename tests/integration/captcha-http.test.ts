import { join } from 'node:path';
import { type Challenge, createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savePost } from '../../src/features/content/server/save-post.ts';
import { formMessages } from '../../src/features/forms/messages.ts';
import { altchaSigningSecret } from '../../src/features/forms/server/captcha/altcha.ts';
import { writeCaptchaSettings } from '../../src/features/forms/server/captcha/captcha-settings-store.ts';
import { issueFormToken } from '../../src/features/forms/server/form-token.ts';
import { saveForm } from '../../src/features/forms/server/forms-store.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { postAjax } from '../support/ajax-post.ts';
import {
  type CaptchaService,
  type CaptchaStandIn,
  startCaptchaStandIn,
} from '../support/captcha-stand-in.ts';
import { testDatabases } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const secret = 'captcha-http-test-secret-0123456789abcdef';
const altchaFailed = 'ALTCHA verification failed, please try again later.';

/** Each third-party service: its keys (as their dashboards shape them) and its message. */
const services: Record<
  CaptchaService,
  { siteKey: string; secretKey: string; message: string; scriptSource: string }
> = {
  hcaptcha: {
    siteKey: '10000000-ffff-ffff-ffff-000000000001',
    secretKey: '0x0000000000000000000000000000000000000000',
    message: 'hCaptcha verification failed, please try again later.',
    scriptSource: 'https://*.hcaptcha.com',
  },
  recaptcha: {
    siteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI',
    secretKey: '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe',
    message: 'Google reCAPTCHA verification failed, please try again later.',
    scriptSource: 'https://www.gstatic.com/recaptcha/',
  },
  turnstile: {
    siteKey: '1x00000000000000000000AA',
    secretKey: '1x0000000000000000000000000000000AA',
    message: 'Cloudflare Turnstile verification failed, please try again later.',
    scriptSource: 'https://challenges.cloudflare.com',
  },
};

const responseFields: Record<CaptchaService, string> = {
  hcaptcha: 'h-captcha-response',
  recaptcha: 'g-recaptcha-response',
  turnstile: 'cf-turnstile-response',
};

/** What the ALTCHA widget posts for a solved challenge: base64 JSON. */
const altchaPayload = (challenge: Challenge, solution: unknown) =>
  Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');

/**
 * The captcha over HTTP: ALTCHA's challenge from `/ajax`, solved here as a browser would, taken
 * once and refused when replayed, expired, tampered with or forged; each third-party service
 * against a local stand-in of its siteverify (passed, refused, out of reach); a refused entry is
 * never stored. Once per database.
 */
for (const database of testDatabases()) {
  describe(`the captcha on ${database.name}`, () => {
    let server: TestServer;
    let handle: DatabaseHandle;
    let standIn: CaptchaStandIn;
    let formId: number;
    let plainFormId: number;

    beforeAll(async () => {
      const empty = await database.open();
      await empty.close();
      standIn = await startCaptchaStandIn();
      const databaseUrl =
        database.name === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : undefined;
      server = await startTestServer({
        QUIRE_SECRET: secret,
        FORM_SUBMISSIONS_PER_MINUTE: '1000',
        HCAPTCHA_VERIFY_URL: standIn.verifyUrl('hcaptcha'),
        RECAPTCHA_VERIFY_URL: standIn.verifyUrl('recaptcha'),
        TURNSTILE_VERIFY_URL: standIn.verifyUrl('turnstile'),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      handle = connectDatabase(
        databaseUrl
          ? { kind: 'postgres', url: databaseUrl }
          : { kind: 'sqlite', file: join(server.dataDir, 'quire.db') },
      );
      formId = (
        await saveForm(handle, {
          title: 'Captcha contact',
          settings: { antispam: { minimumSeconds: 0 } },
          fields: [
            { id: 1, type: 'text', label: 'Your name', required: true },
            { id: 2, type: 'captcha', label: 'Verification' },
          ],
        })
      ).id;
      plainFormId = (
        await saveForm(handle, {
          title: 'Without captcha',
          fields: [{ id: 1, type: 'text', label: 'Your name' }],
        })
      ).id;
      await savePost(handle, {
        type: 'page',
        title: 'Captcha contact',
        slug: 'captcha-contact',
        body: `Write to us.\n\n[form id="${formId}"]\n`,
        status: 'published',
      });
    }, 90_000);
    afterAll(async () => {
      await handle?.db.destroy();
      await server?.stop();
      await standIn?.close();
    });

    let counter = 0;
    const submission = (name: string, captcha: Record<string, string>) => ({
      action: 'qforms_submit',
      'qforms[id]': String(formId),
      'qforms[token]': issueFormToken(secret, formId, Date.now() - 60_000).token,
      'qforms[submission_id]': `captcha-${database.name}-${++counter}`,
      'qforms[fields][1]': name,
      page_url: '/captcha-contact/',
      ...captcha,
    });
    const ajax = (fields: Record<string, string>) => postAjax(server.url, fields);
    const storedNames = async () =>
      (
        await handle.db
          .selectFrom('form_entries')
          .select('fields')
          .where('form_id', '=', formId)
          .execute()
      ).map((row) => (JSON.parse(row.fields) as Array<{ value: string }>)[0]?.value);
    const chooseService = (provider: CaptchaService | 'altcha', keys = true) =>
      writeCaptchaSettings(handle.db, {
        provider,
        siteKey: keys && provider !== 'altcha' ? services[provider].siteKey : '',
        secretKey: keys && provider !== 'altcha' ? services[provider].secretKey : '',
      });
    /** A challenge from the site, solved as the widget's worker solves it. */
    const solvedAltcha = async () => {
      const { status, answer } = await ajax({
        action: 'qforms_altcha_challenge',
        form_id: String(formId),
      });
      expect(status).toBe(200);
      const challenge = answer.data as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      return { challenge, solution, payload: altchaPayload(challenge, solution) };
    };
    const expectRefused = (
      reply: Awaited<ReturnType<typeof ajax>>,
      message: string,
      status = 403,
    ) => {
      expect(reply.status).toBe(status);
      expect(reply.answer.success).toBe(false);
      expect(reply.answer.data.errors).toEqual({ general: { recaptcha: message }, field: {} });
    };

    describe('with ALTCHA, the default', () => {
      it('shows the widget’s place without any third-party source in the page or its policy', async () => {
        const response = await fetch(`${server.url}/captcha-contact/`);
        const html = await response.text();
        expect(html).toContain('qforms-field-captcha');
        expect(html).toContain('&quot;provider&quot;:[0,&quot;altcha&quot;]');
        const policy = response.headers.get('content-security-policy') ?? '';
        expect(policy).not.toMatch(/hcaptcha|recaptcha|cloudflare/);
      });

      it('hands out a challenge only for a form with a captcha', async () => {
        const { answer } = await ajax({
          action: 'qforms_altcha_challenge',
          form_id: String(formId),
        });
        expect(answer.data.parameters.algorithm).toBe('PBKDF2/SHA-256');
        expect(answer.data.signature).toMatch(/^[0-9a-f]{64}$/);
        const plain = await ajax({
          action: 'qforms_altcha_challenge',
          form_id: String(plainFormId),
        });
        expect(plain.status).toBe(404);
      });

      it('accepts a solved challenge once, and refuses it sent again', async () => {
        const { payload } = await solvedAltcha();
        const accepted = await ajax(submission('Solved once', { altcha: payload }));
        expect(accepted.status).toBe(200);
        expect(accepted.answer.success).toBe(true);
        expect(accepted.answer.data.confirmation).toContain('Thanks');
        expectRefused(await ajax(submission('Sent again', { altcha: payload })), altchaFailed);
        expect(await storedNames()).toContain('Solved once');
        expect(await storedNames()).not.toContain('Sent again');
      });

      it('refuses a missing answer, the widget’s test mode and an unsolved challenge', async () => {
        expectRefused(await ajax(submission('No answer', {})), altchaFailed);
        const test = Buffer.from(
          JSON.stringify({ challenge: null, solution: null, test: true }),
        ).toString('base64');
        expectRefused(await ajax(submission('Test mode', { altcha: test })), altchaFailed);
        const { challenge, solution } = await solvedAltcha();
        const wrong = { ...solution, counter: solution?.counter === 0 ? 1 : 0 };
        expectRefused(
          await ajax(submission('Unsolved', { altcha: altchaPayload(challenge, wrong) })),
          altchaFailed,
        );
        expect(await storedNames()).not.toEqual(
          expect.arrayContaining(['No answer', 'Test mode', 'Unsolved']),
        );
      });

      it('tells a submission with wrong fields and a wrong captcha about both at once', async () => {
        const reply = await ajax(submission('', {}));
        expect(reply.status).toBe(422);
        expect(reply.answer.success).toBe(false);
        expect(reply.answer.data.errors).toEqual({
          general: { recaptcha: altchaFailed },
          field: { '1': formMessages.required },
        });
        // With the fields right, only the captcha is left to say.
        expectRefused(await ajax(submission('Fields fixed', {})), altchaFailed);
      });

      it('refuses an expired challenge, a tampered one and one the site never signed', async () => {
        const expired = await createChallenge({
          algorithm: 'PBKDF2/SHA-256',
          cost: 100,
          deriveKey,
          expiresAt: Math.floor(Date.now() / 1000) - 60,
          hmacSignatureSecret: altchaSigningSecret(secret),
        });
        const expiredSolution = await solveChallenge({ challenge: expired, deriveKey });
        expectRefused(
          await ajax(submission('Expired', { altcha: altchaPayload(expired, expiredSolution) })),
          altchaFailed,
        );

        // An easier challenge than the one signed: its signature no longer fits.
        const { challenge, solution } = await solvedAltcha();
        const tampered = {
          ...challenge,
          parameters: { ...challenge.parameters, cost: 1, keyPrefix: '0' },
        };
        const easy = await solveChallenge({ challenge: tampered, deriveKey });
        expectRefused(
          await ajax(submission('Tampered', { altcha: altchaPayload(tampered, easy) })),
          altchaFailed,
        );

        const forged = await createChallenge({
          algorithm: 'PBKDF2/SHA-256',
          cost: 100,
          deriveKey,
          expiresAt: Math.floor(Date.now() / 1000) + 600,
          hmacSignatureSecret: altchaSigningSecret('some-other-site-secret-0123456789abc'),
        });
        const forgedSolution = await solveChallenge({ challenge: forged, deriveKey });
        expectRefused(
          await ajax(submission('Forged', { altcha: altchaPayload(forged, forgedSolution) })),
          altchaFailed,
        );
        // The genuine solution still counts: the refusals spent nothing.
        const accepted = await ajax(
          submission('Genuine', { altcha: altchaPayload(challenge, solution) }),
        );
        expect(accepted.answer.success).toBe(true);
        const names = await storedNames();
        expect(names).toContain('Genuine');
        for (const name of ['Expired', 'Tampered', 'Forged']) expect(names).not.toContain(name);
      });

      it('keeps spent challenges until they expire, then forgets them', async () => {
        const { payload, challenge } = await solvedAltcha();
        expect((await ajax(submission('Spent', { altcha: payload }))).answer.success).toBe(true);
        const spent = await handle.db
          .selectFrom('captcha_spent_challenges')
          .selectAll()
          .where('signature', '=', challenge.signature as string)
          .executeTakeFirstOrThrow();
        expect(Number(spent.expires_at)).toBe((challenge.parameters.expiresAt as number) * 1000);
        await handle.db
          .insertInto('captcha_spent_challenges')
          .values({ signature: 'f'.repeat(64), expires_at: 1_000 })
          .execute();
        const next = await solvedAltcha();
        expect((await ajax(submission('Next', { altcha: next.payload }))).answer.success).toBe(
          true,
        );
        const old = await handle.db
          .selectFrom('captcha_spent_challenges')
          .select('signature')
          .where('signature', '=', 'f'.repeat(64))
          .executeTakeFirst();
        expect(old).toBe(undefined);
      });

      it('refuses a form posted without JavaScript, keeping what the visitor wrote', async () => {
        const body = new URLSearchParams({
          'qforms[id]': String(formId),
          'qforms[instance]': '0',
          'qforms[token]': issueFormToken(secret, formId, Date.now() - 60_000).token,
          'qforms[fields][1]': 'Ada without scripts',
          page_url: '/captcha-contact/',
        });
        const response = await fetch(`${server.url}/captcha-contact/`, {
          method: 'POST',
          body,
          headers: { origin: server.url },
        });
        expect(response.status).toBe(403);
        const html = await response.text();
        expect(html).toContain(altchaFailed);
        expect(html).toContain('Ada without scripts');
        expect(html).toContain('captcha needs JavaScript');
        expect(await storedNames()).not.toContain('Ada without scripts');
      });
    });

    for (const service of Object.keys(services) as CaptchaService[]) {
      describe(`with ${service}`, () => {
        const { siteKey, secretKey, message, scriptSource } = services[service];
        beforeAll(() => chooseService(service));
        afterAll(() => chooseService('altcha'));

        it('gives the page its site key and opens the policy to its script, never the secret', async () => {
          const response = await fetch(`${server.url}/captcha-contact/`);
          const html = await response.text();
          expect(html).toContain(siteKey);
          expect(html).not.toContain(secretKey);
          const policy = response.headers.get('content-security-policy') ?? '';
          expect(policy).toMatch(
            new RegExp(`script-src[^;]*${scriptSource.replace(/[.*]/g, '\\$&')}`),
          );
          expect(policy).toMatch(/frame-src[^;]*https:/);
          // Pages without the form stay closed to it.
          const home = await fetch(`${server.url}/`);
          expect(home.headers.get('content-security-policy') ?? '').not.toContain(scriptSource);
        });

        it('takes an entry whose token the service confirms, asking it as documented', async () => {
          const token = standIn.passingToken(secretKey);
          const before = standIn.calls.length;
          const reply = await ajax(
            submission(`${service} passed`, { [responseFields[service]]: token }),
          );
          expect(reply.answer.success).toBe(true);
          const call = standIn.calls[before];
          expect(call?.service).toBe(service);
          expect(call?.contentType).toBe('application/x-www-form-urlencoded');
          expect(Object.fromEntries(call?.form ?? [])).toEqual({
            secret: secretKey,
            response: token,
            remoteip: '127.0.0.1',
          });
          expect(await storedNames()).toContain(`${service} passed`);
        });

        it('refuses a token the service does not confirm, or has seen, with its message', async () => {
          expectRefused(
            await ajax(submission(`${service} wrong`, { [responseFields[service]]: 'made-up' })),
            message,
          );
          const token = standIn.passingToken(secretKey);
          const first = await ajax(
            submission(`${service} first`, { [responseFields[service]]: token }),
          );
          expect(first.answer.success).toBe(true);
          expectRefused(
            await ajax(submission(`${service} again`, { [responseFields[service]]: token })),
            message,
          );
          expectRefused(await ajax(submission(`${service} none`, {})), message);
          // Another service's answer is not this one's.
          expectRefused(
            await ajax(
              submission(`${service} altcha`, { altcha: (await solvedAltchaFor()).payload }),
            ),
            message,
          );
          const names = await storedNames();
          for (const name of ['wrong', 'again', 'none', 'altcha']) {
            expect(names).not.toContain(`${service} ${name}`);
          }
        });

        it('refuses, never accepts unverified, while the service cannot be reached', async () => {
          standIn.unreachable = true;
          try {
            const token = standIn.passingToken(secretKey);
            expectRefused(
              await ajax(
                submission(`${service} unreachable`, { [responseFields[service]]: token }),
              ),
              message,
            );
          } finally {
            standIn.unreachable = false;
          }
          expect(await storedNames()).not.toContain(`${service} unreachable`);
          await server.waitForErrorOutput(/The captcha service could not be asked/);
        });
      });
    }

    it('falls back to ALTCHA while a third-party service lacks its keys', async () => {
      await chooseService('turnstile', false);
      try {
        const html = await (await fetch(`${server.url}/captcha-contact/`)).text();
        expect(html).toContain('&quot;provider&quot;:[0,&quot;altcha&quot;]');
        const { payload } = await solvedAltcha();
        expect((await ajax(submission('Fallback', { altcha: payload }))).answer.success).toBe(true);
      } finally {
        await chooseService('altcha');
      }
    });

    /** An ALTCHA answer made with the site's key while another service is chosen. */
    async function solvedAltchaFor() {
      const challenge = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 100,
        deriveKey,
        expiresAt: Math.floor(Date.now() / 1000) + 600,
        hmacSignatureSecret: altchaSigningSecret(secret),
      });
      const solution = await solveChallenge({ challenge, deriveKey });
      return { payload: altchaPayload(challenge, solution) };
    }
  });
}
