import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  forumNoticeMessages,
  hideNoticeAction,
  noticeStatusAction,
} from '../../src/features/admin/forum-notice.ts';
import { adminMessages, dashboardMessages } from '../../src/features/admin/messages.ts';
import { popupSettingsSchema } from '../../src/features/share/share-settings.ts';
import { sessionCookieName } from '../../src/platform/cookies.ts';
import { connectDatabase } from '../../src/platform/db/connect.ts';
import { decodeHtml } from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import { type SmtpPeer, startSmtpPeer } from '../support/smtp-peer.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const password = 'a long and careful password';

/**
 * The admin's base over HTTP on the built site: the set-up link printed at the first start,
 * signing in and out, the dashboard behind the session, CSRF on sign-out, and the owner's
 * pages kept out of the page cache. Once per database.
 */
for (const database of testDatabases()) {
  describe(`admin sign-in over HTTP on ${database.name}`, () => {
    let server: TestServer;
    let setupPath: string;
    let clients = 0;
    const newClient = () => `203.0.113.${++clients}`;

    beforeAll(async () => {
      const empty = await database.open();
      await empty.close();
      const url =
        database.name === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : undefined;
      server = await startTestServer({
        TRUST_PROXY: '1',
        CACHE_VERSION_CHECK_MS: '0',
        ...(url ? { DATABASE_URL: url } : {}),
      });
      await server.waitForErrorOutput(/\/admin\/setup\/\S+/);
      const link = /(http:\/\/\S+\/admin\/setup\/\S+)/.exec(server.errorOutput())?.[1];
      if (!link) throw new Error('No set-up link printed');
      setupPath = new URL(link).pathname;
    }, 90_000);
    afterAll(() => server?.stop());

    const request = (
      path: string,
      options: {
        cookie?: string;
        form?: Record<string, string>;
        origin?: string;
        client?: string;
      } = {},
    ) =>
      fetch(`${server.url}${path}`, {
        method: options.form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          'x-forwarded-for': options.client ?? newClient(),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.form
            ? {
                'content-type': 'application/x-www-form-urlencoded',
                origin: options.origin ?? server.url,
              }
            : {}),
        },
        ...(options.form ? { body: new URLSearchParams(options.form).toString() } : {}),
      });
    const sessionFrom = (response: Response) => {
      const cookie = response.headers.get('set-cookie') ?? '';
      const token = new RegExp(`${sessionCookieName}=([^;]*)`).exec(cookie)?.[1];
      return { cookie, header: token ? `${sessionCookieName}=${token}` : '' };
    };
    const csrfOf = async (response: Response) =>
      /name="csrf" value="([^"]+)"/.exec(await response.text())?.[1] ?? '';

    it('sends a visitor without a session to the sign-in page', async () => {
      const response = await request('/admin');
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/admin/sign-in');
      const signIn = await request('/admin/sign-in');
      expect(signIn.status).toBe(200);
      expect(signIn.headers.get('cache-control')).toBe('no-store');
      expect(signIn.headers.get('x-robots-tag')).toContain('noindex');
      expect(signIn.headers.get('content-security-policy')).toContain("script-src 'self';");
      expect(signIn.headers.get('content-security-policy')).not.toContain('facebook');
      expect(signIn.headers.get('x-frame-options')).toBe('DENY');
      const html = await signIn.text();
      expect(html).toMatch(/autocomplete="current-password"/i);
      expect(html).not.toContain('<script'); // The sign-in page needs no JavaScript.
    });

    it('creates the first administrator through the printed set-up link, once', async () => {
      const page = await request(setupPath);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Create the account');

      const differ = await request(setupPath, {
        form: { name: 'Owner', email: 'owner@example.org', password, passwordAgain: 'other' },
      });
      expect(differ.status).toBe(422);
      expect(await differ.text()).toContain(adminMessages.setupPasswordsDiffer);

      const short = await request(setupPath, {
        form: {
          name: 'Owner',
          email: 'owner@example.org',
          password: 'short',
          passwordAgain: 'short',
        },
      });
      expect(short.status).toBe(422);
      expect(await short.text()).toContain('at least 12 characters');

      const created = await request(setupPath, {
        form: { name: 'Owner', email: 'owner@example.org', password, passwordAgain: password },
      });
      expect(created.status).toBe(303);
      expect(created.headers.get('location')).toBe('/admin');
      const { cookie, header } = sessionFrom(created);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/); // The test site is served over http.

      const dashboard = await request('/admin', { cookie: header });
      expect(dashboard.status).toBe(200);
      expect(dashboard.headers.get('cache-control')).toBe('no-store');
      const html = await dashboard.text();
      expect(html).toContain('<h1>Dashboard</h1>');
      expect(html).toContain('Newest form entries');

      const spent = await request(setupPath);
      expect(spent.status).toBe(410);
      expect(await spent.text()).toContain(adminMessages.setupAdminExists);
    });

    it('signs in with the right password only, saying the same for an unknown address', async () => {
      const wrong = await request('/admin/sign-in', {
        form: { email: 'owner@example.org', password: 'not the password' },
      });
      expect(wrong.status).toBe(401);
      const wrongHtml = await wrong.text();
      expect(wrongHtml).toContain(adminMessages.signInWrong);
      expect(wrongHtml).toContain('value="owner@example.org"');
      const unknown = await request('/admin/sign-in', {
        form: { email: 'nobody@example.org', password },
      });
      expect(unknown.status).toBe(401);
      expect(await unknown.text()).toContain(adminMessages.signInWrong);

      const right = await request('/admin/sign-in?next=/admin', {
        form: { email: 'Owner@Example.org', password },
      });
      expect(right.status).toBe(303);
      expect(right.headers.get('location')).toBe('/admin');
      expect((await request('/admin', { cookie: sessionFrom(right).header })).status).toBe(200);
      // Only admin addresses are followed after signing in.
      const elsewhere = await request('/admin/sign-in?next=https://evil.example/', {
        form: { email: 'owner@example.org', password },
      });
      expect(elsewhere.headers.get('location')).toBe('/admin');
    });

    it('refuses a sign-in posted from another site', async () => {
      const response = await request('/admin/sign-in', {
        form: { email: 'owner@example.org', password },
        origin: 'https://evil.example',
      });
      expect(response.status).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
    });

    it('signs out only with the session’s CSRF token, and then the session is gone', async () => {
      const signedIn = await request('/admin/sign-in', {
        form: { email: 'owner@example.org', password },
      });
      const { header } = sessionFrom(signedIn);
      const csrf = await csrfOf(await request('/admin', { cookie: header }));
      expect(csrf).not.toBe('');

      const forged = await request('/admin/sign-out', { cookie: header, form: { csrf: 'guess' } });
      expect(forged.status).toBe(403);
      expect(await forged.text()).toBe(adminMessages.staleForm);
      expect((await request('/admin', { cookie: header })).status).toBe(200);

      const out = await request('/admin/sign-out', { cookie: header, form: { csrf } });
      expect(out.status).toBe(303);
      expect(out.headers.get('location')).toBe('/admin/sign-in?notice=signed-out');
      expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
      expect((await request('/admin', { cookie: header })).status).toBe(303);
      const notice = await request('/admin/sign-in?notice=signed-out');
      expect(await notice.text()).toContain(adminMessages.signedOut);
    });

    it('signs out every device at once', async () => {
      const sessions = [];
      for (let i = 0; i < 2; i++) {
        const response = await request('/admin/sign-in', {
          form: { email: 'owner@example.org', password },
        });
        sessions.push(sessionFrom(response).header);
      }
      const [first = '', second = ''] = sessions;
      const csrf = await csrfOf(await request('/admin', { cookie: first }));
      const out = await request('/admin/sign-out', {
        cookie: first,
        form: { csrf, everywhere: '1' },
      });
      expect(out.headers.get('location')).toBe('/admin/sign-in?notice=everywhere');
      expect((await request('/admin', { cookie: second })).status).toBe(303);
    });

    it('keeps the forum notice open, closed or hidden per administrator, only with a session and its nonce', async () => {
      const signedIn = await request('/admin/sign-in', {
        form: { email: 'owner@example.org', password },
      });
      const { header } = sessionFrom(signedIn);
      const nonce = await csrfOf(await request('/admin', { cookie: header }));
      const ajax = async (fields: Record<string, string>, cookie?: string) => {
        const response = await request('/ajax', { form: fields, ...(cookie ? { cookie } : {}) });
        return {
          status: response.status,
          body: (await response.json()) as { success: boolean; data: { message?: string } },
        };
      };
      const expanded = async (cookie: string) =>
        /aria-expanded="(true|false)"/.exec(
          await (await request('/admin', { cookie })).text(),
        )?.[1];

      expect(await expanded(header)).toBe('true');
      const visitor = await ajax({ action: noticeStatusAction, status: 'hide', nonce });
      expect(visitor).toEqual({
        status: 401,
        body: { success: false, data: { message: adminMessages.sessionEnded } },
      });
      const noNonce = await ajax({ action: noticeStatusAction, status: 'hide' }, header);
      expect(noNonce.status).toBe(403);
      expect(noNonce.body.data.message).toBe(adminMessages.staleForm);
      const wrongNonce = await ajax(
        { action: noticeStatusAction, status: 'hide', nonce: `${nonce}x` },
        header,
      );
      expect(wrongNonce.status).toBe(403);
      const badStatus = await ajax({ action: noticeStatusAction, status: 'fold', nonce }, header);
      expect(badStatus).toEqual({
        status: 400,
        body: { success: false, data: { message: forumNoticeMessages.badStatus } },
      });
      expect(await expanded(header)).toBe('true');

      const closed = await ajax({ action: noticeStatusAction, status: 'hide', nonce }, header);
      expect(closed).toEqual({ status: 200, body: { success: true, data: { status: 'hide' } } });
      expect(await expanded(header)).toBe('false');

      // Kept across sign-ins: a new session finds it closed.
      const again = sessionFrom(
        await request('/admin/sign-in', { form: { email: 'owner@example.org', password } }),
      ).header;
      expect(await expanded(again)).toBe('false');

      expect((await ajax({ action: hideNoticeAction }, header)).status).toBe(403);
      expect((await ajax({ action: hideNoticeAction, nonce })).status).toBe(401);
      const hidden = await ajax({ action: hideNoticeAction, nonce }, header);
      expect(hidden).toEqual({
        status: 200,
        body: { success: true, data: { message: forumNoticeMessages.dismissed } },
      });
      expect(await (await request('/admin', { cookie: again })).text()).not.toContain(
        forumNoticeMessages.title,
      );
      // A late toggle cannot bring it back.
      await ajax({ action: noticeStatusAction, status: 'show', nonce }, header);
      expect(await (await request('/admin', { cookie: again })).text()).not.toContain(
        forumNoticeMessages.title,
      );
    });

    it('saves a settings tab only with a session and its token, and the site shows it at once', async () => {
      const signedIn = await request('/admin/sign-in', {
        form: { email: 'owner@example.org', password },
      });
      const { header } = sessionFrom(signedIn);
      const settingsPage = await request('/admin/settings', { cookie: header });
      expect(settingsPage.status).toBe(200);
      const csrf = await csrfOf(settingsPage);
      const save = async (body: unknown, options: { cookie?: string; token?: string } = {}) => {
        const response = await fetch(`${server.url}/admin/api/settings`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': newClient(),
            ...(options.cookie ? { cookie: options.cookie } : {}),
            ...(options.token ? { 'x-csrf-token': options.token } : {}),
          },
          body: JSON.stringify(body),
        });
        return {
          status: response.status,
          body: (await response.json()) as Record<string, unknown>,
        };
      };
      const site = {
        title: 'Renamed in the admin',
        description: 'A description from the settings screen.',
        locale: 'en-GB',
        timeZone: 'Europe/Paris',
        logoImageId: null as number | null,
        defaultShareImageId: null as number | null,
        postsPerPage: 5,
        footerText: 'Footer words',
        copyProtection: false,
      };
      await request('/'); // The home page is cached before the change.
      expect((await save({ section: 'site', values: site })).status).toBe(401);
      expect((await save({ section: 'site', values: site }, { cookie: header })).status).toBe(403);
      expect(
        (await save({ section: 'site', values: site }, { cookie: header, token: `${csrf}x` }))
          .status,
      ).toBe(403);
      const invalid = await save(
        {
          section: 'site',
          values: { ...site, title: ' ', postsPerPage: 99, timeZone: 'Mars/Olympus' },
        },
        { cookie: header, token: csrf },
      );
      expect(invalid).toEqual({
        status: 422,
        body: {
          ok: false,
          message: adminMessages.settingsInvalid,
          fieldErrors: {
            title: 'This cannot be empty.',
            postsPerPage: 'Enter a number from 1 to 50.',
            timeZone: 'Use a time zone name such as UTC or Europe/Paris.',
          },
        },
      });
      // A number below its range is told the whole range, not "Enter at least 0.".
      const files = {
        uploadLimitMb: 0.5,
        storage: 'database',
        s3Endpoint: '',
        s3Region: 'us-east-1',
        s3Bucket: '',
        s3AccessKeyId: '',
        s3SecretAccessKey: '',
      };
      expect(
        (await save({ section: 'files', values: files }, { cookie: header, token: csrf })).body,
      ).toMatchObject({ fieldErrors: { uploadLimitMb: 'Enter a number from 1 to 1024.' } });
      const unknownTab = await save(
        { section: 'secrets', values: {} },
        { cookie: header, token: csrf },
      );
      expect(unknownTab.status).toBe(400);

      const saved = await save({ section: 'site', values: site }, { cookie: header, token: csrf });
      expect(saved).toEqual({
        status: 200,
        body: { ok: true, message: adminMessages.settingsSaved, values: site },
      });
      // The owner, whose pages are never cached, sees it first; then every visitor.
      const ownHome = await (await request('/', { cookie: header })).text();
      expect(ownHome).toContain('Renamed in the admin');
      const home = await (await request('/')).text();
      expect(home).toContain('Renamed in the admin');
      expect(home).toContain('<html lang="en-GB"');
      expect(home).toContain('data-copy-protection="off"');
      expect(home).not.toContain('site-title__logo');

      // A logo, uploaded through the media pipeline, shows in every page's header.
      const logoForm = new FormData();
      logoForm.set(
        'file',
        new File(
          [
            await sharp({
              create: { width: 400, height: 100, channels: 4, background: '#b4532a' },
            })
              .png()
              .toBuffer(),
          ],
          'logo.png',
          { type: 'image/png' },
        ),
      );
      const uploaded = await fetch(`${server.url}/admin/api/media`, {
        method: 'POST',
        headers: { cookie: header, 'x-csrf-token': csrf, origin: server.url },
        body: logoForm,
      });
      expect(uploaded.status).toBe(201);
      const logo = ((await uploaded.json()) as { image: { id: number } }).image.id;
      expect(
        (
          await save(
            { section: 'site', values: { ...site, logoImageId: logo } },
            { cookie: header, token: csrf },
          )
        ).status,
      ).toBe(200);
      expect(await (await request('/')).text()).toMatch(
        new RegExp(
          `<img class="site-title__logo" src="/media/${logo}/320/logo\\.png" width="400" height="100" alt="">`,
        ),
      );
      // The tab's fields alone changed: the header's break point kept its value.
      const badMenu = await save(
        {
          section: 'header',
          values: {
            desktopBreakPoint: 900,
            menu: [
              { label: 'Evil', url: 'javascript:alert(1)', children: [] },
              { label: ' ', url: '/x/', children: [] },
            ],
          },
        },
        { cookie: header, token: csrf },
      );
      expect(badMenu).toMatchObject({
        status: 422,
        body: {
          fieldErrors: {
            'menu.0.url':
              'Use an address on the site, like /about/, or one that starts with https://',
            'menu.1.label': 'This cannot be empty.',
          },
        },
      });
      const menu = [
        { label: 'Start', url: '/', children: [] },
        {
          label: 'Reading',
          url: '/tag/',
          children: [{ label: 'Elsewhere', url: 'https://example.org/elsewhere' }],
        },
      ];
      const header2 = await save(
        { section: 'header', values: { desktopBreakPoint: 900, menu } },
        { cookie: header, token: csrf },
      );
      expect(header2.status).toBe(200);
      const withMenu = await (await request('/')).text();
      expect(withMenu).toContain('Renamed in the admin');
      expect(withMenu).toContain('href="https://example.org/elsewhere"');
      expect(withMenu).toContain('>Reading<');

      // Sharing: icons in the owner's order, follow links checked, the pop-up's look checked.
      const sharing = {
        icons: [
          { network: 'x', action: 'share' },
          { network: 'rss', action: 'follow' },
        ],
        follow: { x: 'https://x.com/renamed' },
        mastodonInstance: '',
        widget: true,
        floating: { enabled: false, position: { vertical: 10, horizontal: 'left' } },
        sticky: false,
        facebookPagePlugin: false,
        popup: popupSettingsSchema.parse({}),
      };
      const badSharing = await save(
        {
          section: 'sharing',
          values: {
            ...sharing,
            follow: { x: 'ftp://x.com/renamed' },
            popup: { ...sharing.popup, fontColor: 'red' },
          },
        },
        { cookie: header, token: csrf },
      );
      expect(badSharing).toMatchObject({
        status: 422,
        body: {
          fieldErrors: {
            'follow.x': 'Use an address that starts with https://',
            'popup.fontColor': 'Use a colour like #1f2328',
          },
        },
      });
      expect(
        (await save({ section: 'sharing', values: sharing }, { cookie: header, token: csrf }))
          .status,
      ).toBe(200);
      const shared = await (await request('/')).text();
      expect(shared).toContain('qshare-icon--x');
      expect(shared).not.toContain('qshare-icon--facebook');

      // One tab, two settings groups: statistics off and no visitor cookie, at once.
      expect(await (await request('/')).text()).toContain('data-visitor-id="with-consent"');
      const privacy = await save(
        {
          section: 'privacy',
          values: { enabled: false, respectDoNotTrack: true, visitorId: 'off' },
        },
        { cookie: header, token: csrf },
      );
      expect(privacy.status).toBe(200);
      const quiet = await (await request('/')).text();
      expect(quiet).not.toContain('data-visitor-id=');
      expect(quiet).not.toContain('id="consent"');
      await save(
        {
          section: 'privacy',
          values: { enabled: true, respectDoNotTrack: true, visitorId: 'with-consent' },
        },
        { cookie: header, token: csrf },
      );
      expect(await (await request('/')).text()).toContain('data-visitor-id="with-consent"');
    });

    it('lists posts and pages to the owner, filtered by the address, and to no one else', async () => {
      const away = await request('/admin/posts?state=draft');
      expect(away.status).toBe(303);
      expect(away.headers.get('location')).toBe('/admin/sign-in?next=%2Fadmin%2Fposts');
      const { header } = sessionFrom(
        await request('/admin/sign-in', { form: { email: 'owner@example.org', password } }),
      );
      const posts = await request('/admin/posts', { cookie: header });
      expect(posts.status).toBe(200);
      expect(posts.headers.get('cache-control')).toBe('no-store');
      const html = await posts.text();
      expect(html).toContain('Walking the Coast Path Out of Season');
      expect(html).toMatch(/\d+ posts\./);
      const none = await (
        await request('/admin/posts?q=no-such-title-anywhere', { cookie: header })
      ).text();
      expect(none).toContain('No post matches this filter.');
      // A filter it does not know is ignored, never an error.
      const odd = await request('/admin/posts?state=lost&tag=Not%20A%20Slug&page=-3', {
        cookie: header,
      });
      expect(odd.status).toBe(200);
      const pages = await (await request('/admin/pages', { cookie: header })).text();
      expect(pages).not.toContain('Walking the Coast Path Out of Season');
      expect(pages).toMatch(/\d+ pages?\./);
    });

    it('sends a test mail at once from the sender the owner set', async () => {
      const { header } = sessionFrom(
        await request('/admin/sign-in', { form: { email: 'owner@example.org', password } }),
      );
      const csrf = await csrfOf(await request('/admin/settings', { cookie: header }));
      const call = (path: string, token: string | undefined, body?: unknown) =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: {
            cookie: header,
            'x-forwarded-for': newClient(),
            ...(token ? { 'x-csrf-token': token } : {}),
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
      const refused = await call('/admin/api/settings', csrf, {
        section: 'mail',
        values: { ...noMailServer, senderName: 'Ada', senderAddress: 'not an address' },
      });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({
        fieldErrors: {
          senderAddress: 'Enter an e-mail address, or leave it empty for the default.',
        },
      });
      const saved = await call('/admin/api/settings', csrf, {
        section: 'mail',
        values: {
          ...noMailServer,
          senderName: 'Ada at the desk',
          senderAddress: 'ada@blog.example',
        },
      });
      expect(saved.status).toBe(200);

      expect((await call('/admin/api/test-mail', undefined, {})).status).toBe(403);
      // Without MAIL_URL the mail is only a file on the server: the admin says so, everywhere.
      const outbox = join(server.dataDir, 'outbox');
      const sent = await call('/admin/api/test-mail', csrf, {});
      expect(sent.status).toBe(200);
      expect(await sent.json()).toEqual({
        ok: false,
        message: adminMessages.testMailKeptLocally(outbox),
      });
      const kept = dashboardMessages.mailKeptLocally(outbox);
      const dashboard = decodeHtml(await (await request('/admin', { cookie: header })).text());
      expect(dashboard).toContain(kept);
      expect(dashboard).not.toContain(dashboardMessages.allMailSent);
      // The Mail tab is drawn in the browser (the e2e journey reads it): it is told the folder.
      const settings = decodeHtml(
        await (await request('/admin/settings', { cookie: header })).text(),
      );
      expect(settings).toContain(
        `"mailRoute":${JSON.stringify({ source: 'none', destination: outbox, reachesPeople: false })}`,
      );
      if (database.name === 'sqlite') {
        const mails = readdirSync(outbox).map((file) => readFileSync(join(outbox, file), 'utf8'));
        const test = mails.find((mail) => /^Subject: Test mail from /m.test(mail));
        expect(test).toContain('From: Ada at the desk <ada@blog.example>');
        expect(test).toContain('To: owner@example.org');
      }
    });

    it('saves the Payments tab: the currency shows on the site, secrets are kept and never shown', async () => {
      const { header } = sessionFrom(
        await request('/admin/sign-in', { form: { email: 'owner@example.org', password } }),
      );
      const csrf = await csrfOf(await request('/admin/settings', { cookie: header }));
      const save = (values: Record<string, unknown>) =>
        fetch(`${server.url}/admin/api/settings`, {
          method: 'POST',
          headers: {
            cookie: header,
            'x-forwarded-for': newClient(),
            'x-csrf-token': csrf,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ section: 'payments', values }),
        });
      const payments = {
        currencyCode: 'EUR',
        currencySymbol: '€',
        currencySymbolPosition: 'right',
        currencyDecimals: 2,
        decimalSeparator: ',',
        thousandsSeparator: '.',
        provider: 'offline',
        offlineInstructions: 'Bitte überweisen Sie den Betrag.',
        stripePublishableKey: 'pk_test_admin',
        stripeSecretKey: 'sk_test_kept_secret',
        stripeWebhookSecret: 'whsec_kept_secret',
        stripeScriptUrl: 'https://js.stripe.com/v3/',
      };
      const first = await save(payments);
      expect(first.status).toBe(200);
      expect(JSON.stringify(await first.json())).not.toContain('kept_secret');
      // Saved again without the secrets (the page never had them): they stay.
      expect(
        (await save({ ...payments, stripeSecretKey: '', stripeWebhookSecret: '' })).status,
      ).toBe(200);
      const url =
        database.name === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : undefined;
      const handle = connectDatabase(
        url
          ? { kind: 'postgres', url }
          : { kind: 'sqlite', file: join(server.dataDir, 'quire.db') },
      );
      const stored = await handle.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'payments')
        .executeTakeFirstOrThrow();
      await handle.db.destroy();
      expect(JSON.parse(stored.value)).toMatchObject({
        currencyCode: 'EUR',
        stripeSecretKey: 'sk_test_kept_secret',
        stripeWebhookSecret: 'whsec_kept_secret',
      });
      const settingsPage = await (await request('/admin/settings', { cookie: header })).text();
      expect(settingsPage).not.toContain('kept_secret');
      expect(settingsPage).toContain('pk_test_admin');
      const booking = await (await fetch(`${server.url}/workshop-booking/`)).text();
      expect(booking).toContain('85,00 €');
      expect(booking).not.toContain('kept_secret');
      const refused = await save({ ...payments, thousandsSeparator: ',' });
      expect(refused.status).toBe(422);
      // Back to the demo's dollars for the other tests.
      await save({
        ...payments,
        currencyCode: 'USD',
        currencySymbol: '$',
        currencySymbolPosition: 'left',
        decimalSeparator: '.',
        thousandsSeparator: ',',
      });
    });

    it('never serves a signed-in owner a cached page, nor caches theirs', async () => {
      const signedIn = await request('/admin/sign-in', {
        form: { email: 'owner@example.org', password },
      });
      const { header } = sessionFrom(signedIn);
      await request('/');
      const anonymous = await request('/');
      expect(anonymous.headers.get('x-cache')).toBe('HIT');
      const owner = await request('/', { cookie: header });
      expect(owner.status).toBe(200);
      expect(owner.headers.get('x-cache')).not.toBe('HIT');
      expect(owner.headers.get('cache-control')).toBe('private, no-store');
      // Not kept, so its kept parts (header, sidebar, share bar) are written in as it is sent.
      const html = await owner.text();
      for (const part of ['class="site-header"', 'class="widget subscribe-box"', 'qshare-bar']) {
        expect(html).toContain(part);
      }
      expect(html).not.toContain('quire-part');
    });

    it('serves a made-up session cookie the cached page, as to anyone without a session', async () => {
      await request('/');
      const cachedFor = async (value: string) =>
        (await request('/', { cookie: `${sessionCookieName}=${value}` })).headers.get('x-cache');
      expect(await cachedFor('abc')).toBe('HIT');
      // Nor does one made from a real cookie, its signature or its token changed.
      const signedIn = await request('/admin/sign-in', {
        form: { email: 'owner@example.org', password },
      });
      const [token = '', signature = ''] = sessionFrom(signedIn).header.split('=')[1]!.split('.');
      expect(signature).not.toBe('');
      expect(await cachedFor(`${token}.${'A'.repeat(signature.length)}`)).toBe('HIT');
      expect(await cachedFor(`x${token}.${signature}`)).toBe('HIT');
    });

    it('signs the cookie of a session from before signed cookies when it opens an admin screen', async () => {
      const signedIn = await request('/admin/sign-in', {
        form: { email: 'owner@example.org', password },
      });
      const signed = sessionFrom(signedIn).header;
      const bare = signed.split('.')[0]!;
      // Until then it is served as anyone is, and the admin knows it.
      expect((await request('/', { cookie: bare })).headers.get('x-cache')).toBe('HIT');
      const dashboard = await request('/admin', { cookie: bare });
      expect(dashboard.status).toBe(200);
      expect(sessionFrom(dashboard).header).toBe(signed);
      expect((await request('/admin', { cookie: signed })).headers.get('set-cookie')).toBeNull();
      // A bare token that names no session gets nothing signed.
      const unknown = await request('/admin', { cookie: `${sessionCookieName}=abc` });
      expect(unknown.status).toBe(303);
      expect(unknown.headers.get('set-cookie')).toBeNull();
    });

    // Last: it leaves the owner's address guarded for the next 15 minutes.
    it("lets the owner's right password in whatever wrong ones other clients send, and names the real wait", async () => {
      const signInFrom = (client: string, pw: string) =>
        request('/admin/sign-in', { client, form: { email: 'owner@example.org', password: pw } });
      const attacker = '198.51.100.20';
      const started = Date.now();
      for (let i = 0; i < 5; i++)
        expect((await signInFrom(attacker, `guess ${i}`)).status).toBe(401);
      const refused = await signInFrom(attacker, password);
      const elapsedSeconds = Math.ceil((Date.now() - started) / 1000);
      expect(refused.status).toBe(429);
      // Its first wrong password came after `started`: 15 minutes from then, less what passed.
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeLessThanOrEqual(900);
      expect(wait).toBeGreaterThanOrEqual(900 - elapsedSeconds);
      expect(await refused.text()).toContain(adminMessages.signInThrottled(wait));

      // Guessing spread over ten more clients guards the address: a client that has failed
      // gets one more try, not four.
      for (let i = 0; i < 10; i++) await signInFrom(`198.51.100.${30 + i}`, 'another guess');
      expect((await signInFrom('198.51.100.30', 'a second guess')).status).toBe(401);
      expect((await signInFrom('198.51.100.30', password)).status).toBe(429);
      // The owner, from a client that has not failed, is let in.
      const owner = await signInFrom(newClient(), password);
      expect(owner.status).toBe(303);
      expect((await request('/admin', { cookie: sessionFrom(owner).header })).status).toBe(200);
    });
  });
}

describe('a test mail through a mail server', () => {
  let server: TestServer | undefined;
  let smtp: SmtpPeer | undefined;
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('says the server took it only when it did, and the dashboard says every mail was sent', async () => {
    smtp = await startSmtpPeer();
    server = await startTestServer({
      MAIL_URL: `smtp://127.0.0.1:${smtp.port}`,
      QUIRE_ADMIN_EMAIL: 'owner@example.org',
      QUIRE_ADMIN_PASSWORD: password,
    });
    const { cookie, csrf } = await signInTo(server);
    const response = await fetch(`${server.url}/admin/api/test-mail`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await response.json()).toEqual({
      ok: true,
      message: adminMessages.testMailSent('owner@example.org'),
    });
    expect(smtp.received.map((mail) => mail.to)).toEqual([['owner@example.org']]);
    const dashboard = decodeHtml(
      await (await fetch(`${server.url}/admin`, { headers: { cookie } })).text(),
    );
    expect(dashboard).toContain(dashboardMessages.allMailSent);
    expect(dashboard).not.toContain('reaches nobody');
  }, 60_000);
});

/** The Mail tab's server fields as a site without a mail server sends them. */
const noMailServer = {
  serverHost: '',
  serverPort: 587,
  serverSecurity: 'starttls',
  serverUser: '',
  serverPassword: '',
};

for (const database of testDatabases()) {
  describe(`the mail server set in the admin on ${database.name}`, () => {
    let server: TestServer | undefined;
    let smtp: SmtpPeer | undefined;
    afterAll(async () => {
      await server?.stop();
      await smtp?.stop();
    });

    it('sends through it on every process, keeps its password from browsers, shows the server’s refusal', async () => {
      const empty = await database.open();
      await empty.close();
      const url =
        database.name === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : undefined;
      smtp = await startSmtpPeer();
      server = await startTestServer({
        QUIRE_ADMIN_EMAIL: 'owner@example.org',
        QUIRE_ADMIN_PASSWORD: password,
        // Two processes: the one that saves the server is not always the one that sends.
        WEB_CONCURRENCY: '2',
        ...(url ? { DATABASE_URL: url } : {}),
      });
      const site = server;
      const { cookie, csrf } = await signInTo(site);
      const call = async (path: string, body: unknown) => {
        const response = await fetch(`${site.url}${path}`, {
          method: 'POST',
          headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return {
          status: response.status,
          reply: (await response.json()) as Record<string, unknown>,
        };
      };
      const saveServer = (serverPassword: string) =>
        call('/admin/api/settings', {
          section: 'mail',
          values: {
            senderName: '',
            senderAddress: '',
            serverHost: '127.0.0.1',
            serverPort: smtp?.port,
            serverSecurity: 'none',
            serverUser: 'quire',
            serverPassword,
          },
        });
      const destination = `smtp://127.0.0.1:${smtp.port}`;

      const refusedUrl = await call('/admin/api/settings', {
        section: 'mail',
        values: { ...noMailServer, serverHost: `smtp://127.0.0.1:${smtp.port}` },
      });
      expect(refusedUrl.status).toBe(422);
      expect(refusedUrl.reply.fieldErrors).toHaveProperty('serverHost');

      // A wrong password: the test mail fails with the mail server's own answer.
      const wrong = await saveServer('wrong');
      expect(wrong.reply.mailRoute).toEqual({
        source: 'settings',
        destination,
        reachesPeople: true,
      });
      const refused = await call('/admin/api/test-mail', {});
      expect(refused.status).toBe(502);
      expect(refused.reply.message).toContain('Invalid username or password');
      expect(refused.reply.message).toContain('Check the mail server above');

      expect((await saveServer('secret')).status).toBe(200);
      // Left empty, a save keeps the stored password: the page never had it to send back.
      expect((await saveServer('')).status).toBe(200);
      for (let attempt = 0; attempt < 2; attempt++) {
        expect(await call('/admin/api/test-mail', {})).toEqual({
          status: 200,
          reply: { ok: true, message: adminMessages.testMailSent('owner@example.org') },
        });
      }
      expect(smtp.received.map((mail) => mail.user)).toEqual(['quire', 'quire']);

      const settings = decodeHtml(
        await (await fetch(`${site.url}/admin/settings`, { headers: { cookie } })).text(),
      );
      expect(settings).not.toContain(':"secret"');
      expect(settings).toContain('"serverPassword":""');
      expect(settings).toContain('"serverPassword":"set"');
      expect(settings).toContain(
        `"mailRoute":${JSON.stringify({ source: 'settings', destination, reachesPeople: true })}`,
      );
      const dashboard = decodeHtml(
        await (await fetch(`${site.url}/admin`, { headers: { cookie } })).text(),
      );
      expect(dashboard).not.toContain('reaches nobody');
      expect(dashboard).toContain(dashboardMessages.allMailSent);

      // Mail from the outbox goes the same way, whichever process delivers it.
      const asked = await fetch(`${site.url}/subscription-form/1/8`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
        body: new URLSearchParams({ email: 'reader@example.org' }),
      });
      expect(asked.status).toBe(200);
      const deadline = Date.now() + 20_000;
      while (!smtp.received.some((mail) => mail.to.includes('reader@example.org'))) {
        if (Date.now() > deadline)
          throw new Error('The confirmation mail never reached the server');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }, 90_000);
  });
}

/** Signs the owner in over HTTP: the session cookie and the Settings screen's CSRF token. */
async function signInTo(server: TestServer) {
  const signedIn = await fetch(`${server.url}/admin/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    body: new URLSearchParams({ email: 'owner@example.org', password }).toString(),
  });
  const cookie = /quire_session=[^;]+/.exec(signedIn.headers.get('set-cookie') ?? '')?.[0] ?? '';
  const settings = await (
    await fetch(`${server.url}/admin/settings`, { headers: { cookie } })
  ).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(settings)?.[1] ?? '';
  return { cookie, csrf };
}

describe('a test mail when the mail server cannot be reached', () => {
  let server: TestServer;
  afterAll(() => server?.stop());

  it('says why, at once, and the admin goes on working', async () => {
    // Nothing listens on the discard port of this machine.
    server = await startTestServer({
      MAIL_URL: 'smtp://127.0.0.1:9',
      QUIRE_ADMIN_EMAIL: 'owner@example.org',
      QUIRE_ADMIN_PASSWORD: password,
    });
    const { cookie, csrf } = await signInTo(server);
    const response = await fetch(`${server.url}/admin/api/test-mail`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(502);
    const reply = (await response.json()) as { ok: boolean; message: string };
    expect(reply.ok).toBe(false);
    expect(reply.message).toMatch(
      /^The test mail could not be sent: .+\. Check MAIL_URL on the server and the sender address\.$/,
    );
    expect((await fetch(`${server.url}/admin`, { headers: { cookie } })).status).toBe(200);
  }, 60_000);
});
