import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { savePost } from '../../src/features/content/server/save-post.ts';
import { tagFeedId } from '../../src/features/share/feeds.ts';
import {
  announceFromCounter,
  announceNewPosts,
} from '../../src/features/share/server/announce-posts.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import type { SubscriberStatus } from '../../src/platform/db/schema.ts';
import { parseStoredMailMessage } from '../../src/platform/mail/mail-message.ts';
import { testDatabases } from '../support/databases.ts';

const site = {
  secret: 'announce-test-secret-0123456789abcdefghijk',
  siteUrl: 'https://blog.example.org',
  siteTitle: 'Test Blog',
};
const hour = 3_600_000;

/** A second, independent connection to the same database, as another process would have. */
async function connectAgain(handle: DatabaseHandle): Promise<DatabaseHandle> {
  if (handle.kind === 'postgres') {
    return connectDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL as string });
  }
  const main = await sql<{ name: string; file: string }>`pragma database_list`.execute(handle.db);
  const file = main.rows.find((row) => row.name === 'main')?.file as string;
  return connectDatabase({ kind: 'sqlite', file });
}

describe.each(testDatabases())('announcing new posts on $name', ({ open }) => {
  let handle: DatabaseHandle & { close: () => Promise<void> };

  beforeEach(async () => {
    handle = await open();
  });
  afterEach(async () => {
    await handle.close();
  });

  const subscribe = (feedId: number, email: string, status: SubscriberStatus = 'confirmed') =>
    handle.db
      .insertInto('subscribers')
      .values({ feed_id: feedId, email, status, created_at: Date.now() })
      .execute();
  const queued = async () =>
    (await handle.db.selectFrom('mail_outbox').select('message').orderBy('id').execute()).map(
      (row) => parseStoredMailMessage(row.message),
    );

  it('mails each confirmed address once per post, however many of its feeds it follows', async () => {
    const first = await savePost(handle, {
      title: 'Tagging',
      body: 'x',
      status: 'draft',
      tags: ['Gardens', 'Tools'],
    });
    const tagId = async (name: string) =>
      (
        await handle.db
          .selectFrom('tags')
          .select('id')
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    const gardens = { id: await tagId('Gardens') };
    const tools = { id: await tagId('Tools') };
    await subscribe(1, 'both@example.org');
    await subscribe(tagFeedId(gardens.id), 'both@example.org');
    await subscribe(tagFeedId(tools.id), 'tools@example.org');
    await subscribe(tagFeedId(gardens.id), 'pending@example.org', 'pending');
    await subscribe(tagFeedId(9999), 'elsewhere@example.org');
    await savePost(
      handle,
      {
        title: 'Spring planting',
        body: 'Plant now.',
        status: 'published',
        tags: ['Gardens', 'Tools'],
      },
      first.id,
    );

    const other = await connectAgain(handle);
    try {
      // Two processes look at the same moment: one of them claims the post.
      const reports = await Promise.all([
        announceNewPosts(handle, site),
        announceNewPosts(other, site),
        announceNewPosts(handle, site),
      ]);
      expect(reports.reduce((sum, r) => sum + r.posts, 0)).toBe(1);
      expect(reports.reduce((sum, r) => sum + r.mails, 0)).toBe(2);
    } finally {
      await other.db.destroy();
    }
    const mails = await queued();
    expect(mails.map((m) => m.to).sort()).toEqual(['both@example.org', 'tools@example.org']);
    const both = mails.find((m) => m.to === 'both@example.org');
    expect(both?.subject).toBe('Spring planting');
    expect(both?.text).toContain('https://blog.example.org/spring-planting/');
    // Mailed for the site feed, which comes first; the tools reader for the tag.
    expect(both?.text).toContain('subscribed to new posts from Test Blog.');
    expect(mails.find((m) => m.to === 'tools@example.org')?.text).toContain('Tools on Test Blog');
    for (const mail of mails) {
      expect(mail.headers?.['List-Unsubscribe']).toMatch(
        /^<https:\/\/blog\.example\.org\/subscription\/unsubscribe\?t=\d+\.[\w-]{43}>$/,
      );
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    }
    // Later rounds, edits and republishing do not mail it again.
    await savePost(
      handle,
      { title: 'Spring planting', body: 'Edited.', status: 'published' },
      first.id,
    );
    expect(await announceNewPosts(handle, site)).toEqual({ posts: 0, mails: 0 });
    expect(await queued()).toHaveLength(2);
  });

  it('announces a scheduled post when its time comes, and never pages, drafts or old posts', async () => {
    await subscribe(1, 'reader@example.org');
    const now = Date.now();
    await savePost(handle, {
      title: 'Later',
      body: 'x',
      status: 'scheduled',
      publishedAt: new Date(now + hour),
    });
    await savePost(handle, { type: 'page', title: 'About', body: 'x', status: 'published' });
    await savePost(handle, { title: 'Draft', body: 'x', status: 'draft' });
    // Published before subscriptions existed on this site.
    const from = await handle.db
      .selectFrom('counters')
      .select('value')
      .where('name', '=', announceFromCounter)
      .executeTakeFirstOrThrow();
    await savePost(handle, {
      title: 'Old news',
      body: 'x',
      status: 'published',
      publishedAt: new Date(Number(from.value) - 1000),
    });

    expect(await announceNewPosts(handle, site, now)).toEqual({ posts: 0, mails: 0 });
    expect(await announceNewPosts(handle, site, now + 2 * hour)).toEqual({ posts: 1, mails: 1 });
    expect((await queued()).map((m) => m.subject)).toEqual(['Later']);
    expect(await announceNewPosts(handle, site, now + 3 * hour)).toEqual({ posts: 0, mails: 0 });
  });

  it('never mails a post in the Trash, and mails it once if it is restored', async () => {
    await subscribe(1, 'reader@example.org');
    const { id } = await savePost(handle, { title: 'Binned', body: 'x', status: 'published' });
    await handle.db
      .updateTable('posts')
      .set({ trashed_at: Date.now() })
      .where('id', '=', id)
      .execute();
    expect(await announceNewPosts(handle, site)).toEqual({ posts: 0, mails: 0 });
    await handle.db.updateTable('posts').set({ trashed_at: null }).where('id', '=', id).execute();
    expect(await announceNewPosts(handle, site)).toEqual({ posts: 1, mails: 1 });
    expect(await announceNewPosts(handle, site)).toEqual({ posts: 0, mails: 0 });
  });

  it('records a post without subscribers as announced, so later subscribers do not get it', async () => {
    await savePost(handle, { title: 'Lonely', body: 'x', status: 'published' });
    expect(await announceNewPosts(handle, site)).toEqual({ posts: 1, mails: 0 });
    await subscribe(1, 'late@example.org');
    expect(await announceNewPosts(handle, site)).toEqual({ posts: 0, mails: 0 });
  });
});
