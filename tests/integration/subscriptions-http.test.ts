import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savePost } from '../../src/features/content/server/save-post.ts';
import { tagFeedId } from '../../src/features/share/feeds.ts';
import { serverShareMessages } from '../../src/features/share/messages.ts';
import { confirmToken } from '../../src/features/share/server/subscription-links.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';
import { type ParsedMail, parseMail, type SmtpPeer, startSmtpPeer } from '../support/smtp-peer.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const secret = 'subscriptions-http-test-secret-0123456789abc';
const day = 86_400_000;

/**
 * Subscriptions over HTTP on the built site, delivering through a real SMTP server: the double
 * opt-in, new-post mails, one-click unsubscribe, and every link that can go wrong. Runs once
 * per database (SQLite, and PostgreSQL with TEST_DATABASE_URL).
 */
for (const database of testDatabases()) {
  describe(`subscriptions over HTTP on ${database.name}`, () => {
    let server: TestServer;
    let smtp: SmtpPeer;
    let handle: DatabaseHandle;

    beforeAll(async () => {
      const empty = await database.open();
      await empty.close();
      const url =
        database.name === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : undefined;
      smtp = await startSmtpPeer();
      server = await startTestServer({
        QUIRE_SECRET: secret,
        MAIL_URL: `smtp://127.0.0.1:${smtp.port}`,
        // Each test speaks as its own client (X-Forwarded-For), so rate limits stay apart.
        TRUST_PROXY: '1',
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
      await smtp?.stop();
    });

    let clients = 0;
    /** A fresh client address for the per-client rate limit. */
    const newClient = () => `198.51.100.${++clients}`;

    const get = (path: string, client = newClient()) =>
      fetch(`${server.url}${path}`, { headers: { 'x-forwarded-for': client } });
    const post = (path: string, body: Record<string, string>, client = newClient()) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: server.url,
          'x-forwarded-for': client,
        },
        body: new URLSearchParams(body),
      });
    const subscribe = (feedId: number, email: string, client = newClient()) =>
      post(`/subscription-form/${feedId}/8`, { email }, client);
    const path = (url: string) => url.replace(server.url, '');

    /** Mails received for `to`, parsed, in arrival order. */
    const mailsTo = (to: string): ParsedMail[] =>
      smtp.received.filter((mail) => mail.to.includes(to)).map((mail) => parseMail(mail.raw));
    async function waitForMails(to: string, count: number, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (mailsTo(to).length < count) {
        if (Date.now() > deadline) {
          throw new Error(`Expected ${count} mails to ${to}, got ${mailsTo(to).length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return mailsTo(to);
    }
    const linkIn = (mail: ParsedMail, kind: 'confirm' | 'unsubscribe') => {
      const link = new RegExp(`${server.url}/subscription/${kind}\\?t=[\\w.-]+`).exec(mail.text);
      expect(link, `${kind} link in ${mail.text}`).not.toBeNull();
      return (link as RegExpExecArray)[0];
    };
    /** Every mail queued so far (sent or not), from the outbox the server writes. */
    const outboxMessages = async () =>
      (await handle.db.selectFrom('mail_outbox').select('message').execute()).map(
        (row) => JSON.parse(row.message) as { to: string | string[]; subject: string },
      );
    const waitUntil = async (condition: () => Promise<boolean>) => {
      const deadline = Date.now() + 20_000;
      while (!(await condition())) {
        if (Date.now() > deadline) throw new Error('Timed out waiting for the server');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const subscriberStatus = async (feedId: number, email: string) =>
      (
        await handle.db
          .selectFrom('subscribers')
          .select('status')
          .where('feed_id', '=', feedId)
          .where('email', '=', email)
          .executeTakeFirst()
      )?.status;

    /** Subscribes and confirms through the mail, as a reader does. */
    async function subscribeAndConfirm(feedId: number, email: string) {
      const before = mailsTo(email).length;
      expect((await subscribe(feedId, email)).status).toBe(200);
      const [mail] = (await waitForMails(email, before + 1)).slice(before);
      const confirmed = await post(path(linkIn(mail as ParsedMail, 'confirm')), {});
      expect(await confirmed.text()).toContain(serverShareMessages.confirmedTitle);
    }

    it('subscribe → confirm → new post mail → one-click unsubscribe → subscribe again', async () => {
      const email = 'journey@example.org';
      const form = await get(`/subscription-form/1/8?email=${encodeURIComponent(email)}`);
      expect(form.status).toBe(200);
      expect(form.headers.get('cache-control')).toBe('no-store');
      const formHtml = await form.text();
      expect(formHtml).toContain(`value="${email}"`);
      expect(formHtml).toContain('<meta name="robots" content="noindex');

      // Asked with capitals: one mailbox is one subscriber.
      const asked = await subscribe(1, 'Journey@Example.org');
      expect(asked.status).toBe(200);
      expect(await asked.text()).toContain(serverShareMessages.confirmationSentTitle);
      expect(await subscriberStatus(1, email)).toBe('pending');
      const [confirmation] = await waitForMails(email, 1);
      expect(confirmation?.headers.get('subject')).toMatch(/^Confirm your subscription to /);
      const unsubscribeHeader = confirmation?.headers.get('list-unsubscribe');
      expect(unsubscribeHeader).toMatch(
        /^<http:\/\/127\.0\.0\.1:\d+\/subscription\/unsubscribe\?t=/,
      );
      expect(confirmation?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const confirmLink = path(linkIn(confirmation as ParsedMail, 'confirm'));

      // Opening the link (or a mail scanner fetching it) only shows the button.
      const opened = await get(confirmLink);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('cache-control')).toBe('no-store');
      const openedHtml = await opened.text();
      expect(openedHtml).toContain(serverShareMessages.confirmButton);
      expect(openedHtml).toContain('<meta name="robots" content="noindex');
      expect(await subscriberStatus(1, email)).toBe('pending');
      const confirmed = await post(confirmLink, {});
      expect(await confirmed.text()).toContain(serverShareMessages.confirmedTitle);
      expect(await subscriberStatus(1, email)).toBe('confirmed');
      // Twice: a clear answer, nothing changes.
      expect(await (await post(confirmLink, {})).text()).toContain(
        serverShareMessages.alreadyConfirmedTitle,
      );
      expect(await (await get(confirmLink)).text()).toContain(
        serverShareMessages.alreadyConfirmedTitle,
      );
      // Subscribing again while confirmed: told so, no mail.
      expect(await (await subscribe(1, email)).text()).toContain(
        serverShareMessages.alreadySubscribedTitle,
      );

      // The same reader follows a topic too; another reader only that topic; a third never
      // confirms. The post of that topic reaches each confirmed address once.
      const tag = await handle.db
        .selectFrom('tags')
        .select(['id', 'name'])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await subscribeAndConfirm(tagFeedId(tag.id), email);
      await subscribeAndConfirm(tagFeedId(tag.id), 'topic-only@example.org');
      expect((await subscribe(tagFeedId(tag.id), 'pending@example.org')).status).toBe(200);
      await waitForMails('pending@example.org', 1);

      const title = `A post for subscribers ${Date.now()}`;
      const saved = await savePost(handle, {
        type: 'post',
        title,
        body: 'Something worth a mail.',
        excerpt: 'Worth a mail.',
        status: 'published',
        tags: [tag.name],
      });
      const [, , announcement] = await waitForMails(email, 3);
      expect(announcement?.headers.get('subject')).toBe(title);
      expect(announcement?.text).toContain(`${server.url}/${saved.slug}/`);
      expect(announcement?.text).toContain('Worth a mail.');
      expect(announcement?.html).toContain(`href="${server.url}/${saved.slug}/"`);
      const [, topicAnnouncement] = await waitForMails('topic-only@example.org', 2);
      expect(topicAnnouncement?.headers.get('subject')).toBe(title);
      expect(topicAnnouncement?.text).toContain(`${tag.name} on `);
      // Later announcer rounds mail the post to nobody again: once a post published after
      // these mails has been announced, a later round has run; the outbox holds what it queued.
      const later = await savePost(handle, {
        type: 'post',
        title: `${title}, continued`,
        body: 'More.',
        status: 'published',
        tags: [tag.name],
      });
      await waitUntil(async () =>
        Boolean(
          await handle.db
            .selectFrom('announced_posts')
            .select('post_id')
            .where('post_id', '=', later.id)
            .executeTakeFirst(),
        ),
      );
      const queued = async (to: string, subject: string) =>
        (await outboxMessages()).filter((m) => m.to.includes(to) && m.subject === subject).length;
      expect(await queued(email, title)).toBe(1);
      expect(await queued('topic-only@example.org', title)).toBe(1);
      expect(await queued('pending@example.org', title)).toBe(0);
      expect(
        await handle.db
          .selectFrom('announced_posts')
          .selectAll()
          .where('post_id', '=', saved.id)
          .execute(),
      ).toEqual([expect.objectContaining({ post_id: saved.id, recipients: 2 })]);

      // The mail program's own unsubscribe button: a one-click POST, no page, no Origin.
      const oneClickUrl = /^<(.+)>$/.exec(announcement?.headers.get('list-unsubscribe') ?? '')?.[1];
      expect(announcement?.text).toContain(oneClickUrl);
      const oneClick = await fetch(oneClickUrl as string, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      expect(await oneClick.text()).toContain(serverShareMessages.oneClickDone);
      // The mail was sent for the site feed (it comes first); the topic subscription stays.
      expect(await subscriberStatus(1, email)).toBe('unsubscribed');
      expect(await subscriberStatus(tagFeedId(tag.id), email)).toBe('confirmed');
      const afterwards = await get(path(oneClickUrl as string));
      expect(await afterwards.text()).toContain(serverShareMessages.unsubscribedTitle);
      // The old confirmation link now says the subscription was cancelled.
      expect(await (await get(confirmLink)).text()).toContain(serverShareMessages.cancelledTitle);

      // Unsubscribed, then subscribing again works with a new confirmation mail...
      expect(await (await subscribe(1, email)).text()).toContain(
        serverShareMessages.confirmationSentTitle,
      );
      expect(await subscriberStatus(1, email)).toBe('pending');
      // Two confirmations, the two posts' announcements, and this confirmation.
      await waitForMails(email, 5);
      // ...but the address has had its 3 confirmation mails today.
      const queuedBefore = (await outboxMessages()).filter((m) => m.to.includes(email)).length;
      const limited = await subscribe(1, email);
      expect(limited.status).toBe(200);
      expect(await limited.text()).toContain(serverShareMessages.addressLimitedTitle);
      // Refused in the answer's own transaction: no fifth mail was queued for the address.
      expect((await outboxMessages()).filter((m) => m.to.includes(email))).toHaveLength(
        queuedBefore,
      );
    }, 60_000);

    it('the unsubscribe page shows a button first; pressing it unsubscribes', async () => {
      const email = 'leaving@example.org';
      await subscribeAndConfirm(1, email);
      const [mail] = mailsTo(email);
      const link = path(linkIn(mail as ParsedMail, 'unsubscribe'));
      const page = await get(link);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(await page.text()).toContain(serverShareMessages.unsubscribeButton);
      expect(await subscriberStatus(1, email)).toBe('confirmed');
      // The page's form posts back to the link; the answer is the page again, now done.
      const pressed = await post(link, { action: '1' });
      expect(pressed.status).toBe(200);
      expect(pressed.redirected).toBe(true);
      expect(await pressed.text()).toContain(serverShareMessages.unsubscribedTitle);
      expect(await subscriberStatus(1, email)).toBe('unsubscribed');
      // Pressing again changes nothing.
      expect(await (await post(link, { action: '1' })).text()).toContain(
        serverShareMessages.unsubscribedTitle,
      );
    });

    it('forged, changed and expired links and unknown feeds get clear pages', async () => {
      for (const bad of [
        '/subscription/confirm',
        '/subscription/confirm?t=nonsense',
        `/subscription/confirm?t=1.1.${'a'.repeat(43)}`,
        '/subscription/unsubscribe?t=1.x',
        `/subscription/unsubscribe?t=1.${'a'.repeat(43)}`,
      ]) {
        const response = await get(bad);
        expect(response.status, bad).toBe(400);
        const html = await response.text();
        expect(html).toContain(serverShareMessages.invalidLinkTitle);
        // Styled as an error and announced as one, not the green box of a success.
        expect(html).toMatch(/<p class="notice notice--error" role="alert">/);
      }
      const forgedOneClick = await fetch(
        `${server.url}/subscription/unsubscribe?t=1.${'a'.repeat(43)}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        },
      );
      expect(forgedOneClick.status).toBe(400);

      // A real link whose signature was changed by one character.
      const email = 'expired@example.org';
      await subscribe(1, email);
      const [mail] = await waitForMails(email, 1);
      const link = path(linkIn(mail as ParsedMail, 'confirm'));
      const changed = link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      expect((await get(changed)).status).toBe(400);
      expect((await post(changed, {})).status).toBe(400);
      expect(await subscriberStatus(1, email)).toBe('pending');

      // A link made 8 days ago has expired: a way to subscribe again, prefilled.
      const row = await handle.db
        .selectFrom('subscribers')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const old = confirmToken(secret, { id: row.id, feedId: 1, email }, Date.now() - 8 * day);
      const expired = await post(`/subscription/confirm?t=${old}`, {});
      expect(expired.status).toBe(410);
      const expiredHtml = await expired.text();
      expect(expiredHtml).toContain(serverShareMessages.expiredLinkTitle);
      expect(expiredHtml).toContain('notice--error');
      expect(expiredHtml).toContain('href="/subscription-form/1/8?email=expired%40example.org"');
      expect(await subscriberStatus(1, email)).toBe('pending');

      for (const unknown of ['/subscription-form/999/8', '/subscription-form/99999/8']) {
        const response = await get(unknown);
        expect(response.status, unknown).toBe(404);
        expect(await response.text()).toContain(serverShareMessages.unknownFeedTitle);
        expect((await subscribe(Number(unknown.split('/')[2]), 'x@example.org')).status).toBe(404);
      }
      expect((await get('/subscription-form/1/7')).status).toBe(404);
    });

    it('tag pages link to their own subscription page', async () => {
      const tag = await handle.db
        .selectFrom('tags')
        .innerJoin('post_tags', 'post_tags.tag_id', 'tags.id')
        .select(['tags.id', 'tags.slug', 'tags.name'])
        .executeTakeFirstOrThrow();
      const html = await (await get(`/tag/${tag.slug}/`)).text();
      const href = `/subscription-form/${tagFeedId(tag.id)}/8`;
      expect(html).toContain(`<a href="${href}">${serverShareMessages.subscribeToTopic}</a>`);
      const page = await (await get(href)).text();
      expect(page).toContain(`Subscribe to ${tag.name} on `);
    });

    it('limits subscription requests per client', async () => {
      const client = '203.0.113.50';
      for (let n = 1; n <= 5; n++) {
        expect((await subscribe(1, `flood-${n}@example.org`, client)).status).toBe(200);
      }
      const refused = await subscribe(1, 'flood-6@example.org', client);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const html = await refused.text();
      expect(html).toContain('Too many subscription requests from your connection.');
      expect(html).toContain('value="flood-6@example.org"');
      expect(await subscriberStatus(1, 'flood-6@example.org')).toBeUndefined();
      // Another client is not affected.
      expect((await subscribe(1, 'flood-6@example.org')).status).toBe(200);
    });
  });
}
