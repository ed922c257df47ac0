import { afterEach, describe, expect, it } from 'vitest';
import { mediaIdsIn } from '../../src/features/content/media-references.ts';
import { savePost } from '../../src/features/content/server/save-post.ts';
import { fileSettingsSchema } from '../../src/features/forms/file-settings.ts';
import { fileStorages } from '../../src/features/forms/server/files-storage.ts';
import { createCoupon } from '../../src/features/payments/server/coupons.ts';
import {
  readShareSettings,
  writeShareSettings,
} from '../../src/features/share/server/share-settings-store.ts';
import {
  readSiteSettings,
  writeSiteSettings,
} from '../../src/features/site/server/site-settings-store.ts';
import { siteSettingsSchema } from '../../src/features/site/site-settings.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { createLogger } from '../../src/platform/log.ts';
import { demoSummary, removeDemoContent } from '../../src/server/demo-content.ts';
import { readDemoSettings, seedDemoSite } from '../../src/server/demo-seed.ts';
import { testDatabases } from '../support/databases.ts';

const silent = createLogger('silent');

/**
 * "Remove demo content" takes away what the demo added and is still as the demo left it, and
 * nothing the owner wrote or changed: on each database.
 */
describe.each(testDatabases())('removing the demo on $name', ({ open }) => {
  let handle: (DatabaseHandle & { close: () => Promise<void> }) | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it('removes what the demo added and keeps what the owner wrote or changed', async () => {
    handle = await open();
    const { db } = handle;
    await seedDemoSite(handle);
    const seeded = await demoSummary(db);
    expect(seeded).toBeDefined();
    expect(seeded?.posts).toBeGreaterThan(3);
    expect(seeded?.pages).toBeGreaterThan(1);
    expect(seeded?.forms).toBeGreaterThan(1);
    expect(seeded?.images).toBeGreaterThan(1);
    expect(seeded?.coupons).toBeGreaterThan(0);

    // The owner makes the site theirs, partly: a title, one demo post rewritten, a post of
    // their own, a menu link and a follow profile of their own, an entry through a demo form.
    const demo = await readDemoSettings();
    await writeSiteSettings(db, {
      title: 'Ada’s Workshop',
      menu: [
        ...(await readSiteSettings(db, silent)).menu,
        { label: 'Shop', url: '/shop/', children: [] },
      ],
    });
    await writeShareSettings(db, {
      follow: {
        ...(await readShareSettings(db, silent)).follow,
        mastodon: 'https://mastodon.social/@ada',
      },
    });
    const rewritten = await db
      .selectFrom('posts')
      .select(['id', 'slug', 'body_markdown', 'cover_media_id'])
      .where('type', '=', 'post')
      .where('cover_media_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await savePost(
      handle,
      {
        type: 'post',
        title: 'My own take on it',
        slug: rewritten.slug,
        body: rewritten.body_markdown,
        status: 'published',
        coverMediaId: rewritten.cover_media_id,
      },
      rewritten.id,
    );
    const own = await savePost(handle, {
      title: 'Hello from Ada',
      body: 'Mine.',
      status: 'published',
    });
    const ownCoupon = await createCoupon(db, { code: 'ADA10', kind: 'percent', amount: 1000 });
    const contact = await db
      .selectFrom('forms')
      .select('id')
      .where('title', '=', 'Contact')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('form_entries')
      .values({
        form_id: contact.id,
        status: 'entry',
        spam_reason: null,
        fields: '[]',
        page_url: '/contact/',
        visitor_id: null,
        user_agent: 'test',
        started_at: null,
        submitted_at: Date.now(),
        created_at: Date.now(),
        fingerprint: 'a-real-visitor',
        payment_status: null,
        payment_provider: null,
        payment_reference: null,
        currency: null,
        total: null,
        order_summary: null,
        card_brand: null,
        card_last4: null,
        coupon_code: null,
      })
      .execute();

    const storages = fileStorages(db, async () => fileSettingsSchema.parse({}));
    const removal = await removeDemoContent({ handle, storages, log: silent });
    expect(removal?.kept).toEqual(['My own take on it']);
    expect(removal?.removed.posts).toBe((seeded?.posts ?? 0) - 1);
    expect(removal?.removed.pages).toBe(seeded?.pages);
    expect(removal?.removed.forms).toBe(seeded?.forms);
    expect(removal?.removed.coupons).toBe(seeded?.coupons);

    const posts = await db.selectFrom('posts').select(['id', 'title']).orderBy('id').execute();
    expect(posts).toEqual([
      { id: rewritten.id, title: 'My own take on it' },
      { id: own.id, title: 'Hello from Ada' },
    ]);
    // The kept post's cover and pictures stay; every other demo image goes.
    const media = await db.selectFrom('media').select('id').orderBy('id').execute();
    const keptImages = new Set([rewritten.cover_media_id, ...mediaIdsIn(rewritten.body_markdown)]);
    expect(media.map((row) => row.id)).toEqual(
      [...keptImages].sort((a, b) => Number(a) - Number(b)),
    );
    expect(removal?.removed.images).toBe((seeded?.images ?? 0) - keptImages.size);
    // A demo form with an entry goes with its entry kept, as the Forms screen does.
    const forms = await db.selectFrom('forms').select(['id', 'deleted_at']).execute();
    expect(forms).toEqual([{ id: contact.id, deleted_at: expect.any(Number) }]);
    expect(await db.selectFrom('form_entries').select('id').execute()).toHaveLength(1);
    const coupons = await db.selectFrom('form_coupons').select('id').execute();
    expect(coupons).toEqual([{ id: ownCoupon }]);

    const site = await readSiteSettings(db, silent);
    const defaults = siteSettingsSchema.parse({});
    expect(site.title).toBe('Ada’s Workshop');
    expect(site.menu).toEqual([{ label: 'Shop', url: '/shop/', children: [] }]);
    expect(site.footerText).toBe(defaults.footerText);
    expect(site.description).toBe(defaults.description);
    expect(site.defaultShareImageId).toBeNull();
    const share = await readShareSettings(db, silent);
    expect(share.follow).toEqual({ mastodon: 'https://mastodon.social/@ada' });
    expect(share.popup.title).not.toBe(demo.share.popup.title);
    // Tags the kept posts carry stay; the others go.
    const tags = await db.selectFrom('tags').select('id').execute();
    const carried = await db.selectFrom('post_tags').select('tag_id').distinct().execute();
    expect(tags.map((t) => t.id).sort()).toEqual(carried.map((t) => t.tag_id).sort());

    expect(await demoSummary(db)).toBeUndefined();
    expect(await removeDemoContent({ handle, storages, log: silent })).toBeUndefined();
  });
});
