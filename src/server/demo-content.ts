import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { deletePost } from '../features/content/server/save-post.ts';
import { deleteForm } from '../features/forms/server/files-entries.ts';
import type { FileStorages } from '../features/forms/server/files-storage.ts';
import { deleteCoupon } from '../features/payments/server/coupons.ts';
import {
  readShareSettings,
  writeShareSettings,
} from '../features/share/server/share-settings-store.ts';
import { type ShareSettings, shareSettingsSchema } from '../features/share/share-settings.ts';
import {
  readSiteSettings,
  writeSiteSettings,
} from '../features/site/server/site-settings-store.ts';
import { type SiteSettings, siteSettingsSchema } from '../features/site/site-settings.ts';
import { bumpContentVersion } from '../platform/cache/content-version.ts';
import type { DatabaseHandle, Db } from '../platform/db/connect.ts';
import type { Logger } from '../platform/log.ts';
import { imageUses } from './media-uses.ts';

/**
 * What the demo added to a site, recorded when it is seeded (decision 0053): the rows it made,
 * each with the revision it had, and the settings it wrote. "Remove demo content" takes away
 * exactly what is still as the demo left it, so nothing the owner wrote or changed goes.
 */
const demoRecordSchema = z.object({
  seededAt: z.number(),
  posts: z.array(z.object({ id: z.number(), revision: z.number() })),
  forms: z.array(z.object({ id: z.number(), revision: z.number() })),
  media: z.array(z.number()),
  coupons: z.array(z.object({ id: z.number(), terms: z.string() })),
  tags: z.array(z.number()),
  site: z.record(z.string(), z.unknown()),
  share: z.record(z.string(), z.unknown()),
});

type DemoRecord = z.output<typeof demoRecordSchema>;

const demoKey = 'demo';

/**
 * Kept once a site was given the demo (and by migration 023 for sites already in use), so the
 * demo is offered once per database: a site started empty, or whose demo was removed, or whose
 * posts were all deleted, is not filled with it again at the next start.
 */
export const demoOfferedKey = 'demo-offered';

export async function demoOffered(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('settings')
    .select('key')
    .where('key', '=', demoOfferedKey)
    .executeTakeFirst();
  return row !== undefined;
}

type CouponTerms = {
  code: string;
  kind: string;
  amount: number;
  form_id: number | null;
  max_uses: number | null;
  starts_at: number | null;
  ends_at: number | null;
};

const termsOf = (row: CouponTerms) =>
  JSON.stringify([
    row.code,
    row.kind,
    row.amount,
    row.form_id,
    row.max_uses,
    row.starts_at,
    row.ends_at,
  ]);

const couponColumns = [
  'id',
  'code',
  'kind',
  'amount',
  'form_id',
  'max_uses',
  'starts_at',
  'ends_at',
] as const;

/**
 * Records what a demo seeded into an empty site: every row there now is the demo's, and the
 * settings are the values it wrote.
 */
export async function recordDemoContent(
  db: Db,
  written: { site: Partial<SiteSettings>; share: Partial<ShareSettings> },
  now: number,
): Promise<void> {
  const [posts, forms, media, coupons, tags] = await Promise.all([
    db.selectFrom('posts').select(['id', 'revision']).execute(),
    db.selectFrom('forms').select(['id', 'revision']).execute(),
    db.selectFrom('media').select('id').execute(),
    db.selectFrom('form_coupons').select(couponColumns).execute(),
    db.selectFrom('tags').select('id').execute(),
  ]);
  const record: DemoRecord = {
    seededAt: now,
    posts,
    forms,
    media: media.map((row) => row.id),
    coupons: coupons.map((row) => ({ id: row.id, terms: termsOf(row) })),
    tags: tags.map((row) => row.id),
    site: written.site,
    share: written.share,
  };
  await db
    .insertInto('settings')
    .values({ key: demoKey, value: JSON.stringify(record) })
    .onConflict((c) => c.column('key').doUpdateSet({ value: JSON.stringify(record) }))
    .execute();
  await db
    .insertInto('settings')
    .values({ key: demoOfferedKey, value: JSON.stringify({ at: now }) })
    .onConflict((c) => c.column('key').doNothing())
    .execute();
}

async function readDemoRecord(db: Db): Promise<DemoRecord | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', demoKey)
    .executeTakeFirst();
  if (!row) return undefined;
  const parsed = demoRecordSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : undefined;
}

/** The demo's items still on the site, by kind; undefined when the site has no demo. */
export type DemoSummary = {
  posts: number;
  pages: number;
  forms: number;
  images: number;
  coupons: number;
};

export async function demoSummary(db: Db): Promise<DemoSummary | undefined> {
  const record = await readDemoRecord(db);
  if (!record) return undefined;
  const ids = (items: readonly { id: number }[]) => [0, ...items.map((item) => item.id)];
  const [posts, forms, media, coupons] = await Promise.all([
    db.selectFrom('posts').select('type').where('id', 'in', ids(record.posts)).execute(),
    db
      .selectFrom('forms')
      .select('id')
      .where('id', 'in', ids(record.forms))
      .where('deleted_at', 'is', null)
      .execute(),
    db
      .selectFrom('media')
      .select('id')
      .where('id', 'in', [0, ...record.media])
      .execute(),
    db.selectFrom('form_coupons').select('id').where('id', 'in', ids(record.coupons)).execute(),
  ]);
  return {
    posts: posts.filter((post) => post.type === 'post').length,
    pages: posts.filter((post) => post.type === 'page').length,
    forms: forms.length,
    images: media.length,
    coupons: coupons.length,
  };
}

/** What a removal did: counts removed, and the titles of what it kept because it was changed. */
export type DemoRemoval = {
  removed: DemoSummary & { settings: number };
  kept: string[];
};

/**
 * Removes the demo: its posts, pages, forms, coupons and tags as the demo left them, its
 * images that nothing kept uses, and its settings still at the demo's values (back to the
 * defaults; the demo's menu links and follow profiles leave the lists, the owner's stay). A
 * form that has entries is removed with its entries kept, as the Forms screen does. Safe to
 * run twice or on two instances at once: each step takes away only what is still there.
 */
export async function removeDemoContent(deps: {
  handle: DatabaseHandle;
  storages: FileStorages;
  log: Logger;
}): Promise<DemoRemoval | undefined> {
  const { db } = deps.handle;
  const record = await readDemoRecord(db);
  if (!record) return undefined;
  const removed = { posts: 0, pages: 0, forms: 0, images: 0, coupons: 0, settings: 0 };
  const kept: string[] = [];

  for (const demo of record.posts) {
    const post = await db
      .selectFrom('posts')
      .select(['type', 'title', 'revision'])
      .where('id', '=', demo.id)
      .executeTakeFirst();
    if (!post) continue;
    if (post.revision !== demo.revision) kept.push(post.title);
    else if (await deletePost(deps.handle, demo.id))
      removed[post.type === 'page' ? 'pages' : 'posts']++;
  }
  // Coupons before forms: a form's coupons go with it when it is deleted.
  for (const demo of record.coupons) {
    const coupon = await db
      .selectFrom('form_coupons')
      .select(couponColumns)
      .where('id', '=', demo.id)
      .executeTakeFirst();
    if (!coupon) continue;
    if (termsOf(coupon) !== demo.terms) kept.push(coupon.code);
    else if (await deleteCoupon(db, demo.id)) removed.coupons++;
  }
  for (const demo of record.forms) {
    const form = await db
      .selectFrom('forms')
      .select(['title', 'revision'])
      .where('id', '=', demo.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!form) continue;
    if (form.revision !== demo.revision) {
      kept.push(form.title);
      continue;
    }
    const entries = await db
      .selectFrom('form_entries')
      .select('id')
      .where('form_id', '=', demo.id)
      .limit(1)
      .executeTakeFirst();
    const entriesStay = entries ? 'keep' : 'delete';
    if (await deleteForm({ db, storages: deps.storages }, demo.id, entriesStay)) removed.forms++;
  }
  await db
    .deleteFrom('tags')
    .where('id', 'in', [0, ...record.tags])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('post_tags').select('post_id').whereRef('post_tags.tag_id', '=', 'tags.id'),
        ),
      ),
    )
    .execute();

  removed.settings += await resetSiteSettings(db, record, deps.log);
  removed.settings += await resetShareSettings(db, record, deps.log);
  removed.images = await removeUnusedImages(deps.handle, record, deps.log);

  await db.deleteFrom('settings').where('key', '=', demoKey).execute();
  await bumpContentVersion(db);
  return { removed, kept };
}

/** Site settings still at the demo's value go back to the default; the menu loses the demo's links. */
async function resetSiteSettings(db: Db, record: DemoRecord, log: Logger): Promise<number> {
  const current = await readSiteSettings(db, log);
  const defaults = siteSettingsSchema.parse({});
  const changes: Record<string, unknown> = {};
  for (const [key, demoValue] of Object.entries(record.site)) {
    if (!(key in defaults)) continue;
    const name = key as keyof SiteSettings;
    if (name === 'menu') {
      const demoItems = Array.isArray(demoValue) ? demoValue : [];
      const menu = current.menu.filter(
        (item) => !demoItems.some((demoItem) => isDeepStrictEqual(item, demoItem)),
      );
      if (menu.length !== current.menu.length) changes.menu = menu;
    } else if (isDeepStrictEqual(current[name], demoValue)) {
      if (!isDeepStrictEqual(current[name], defaults[name])) changes[name] = defaults[name];
    }
  }
  if (Object.keys(changes).length > 0) await writeSiteSettings(db, changes);
  return Object.keys(changes).length;
}

/** Sharing settings likewise; the demo's follow profiles and pop-up words leave one by one. */
async function resetShareSettings(db: Db, record: DemoRecord, log: Logger): Promise<number> {
  const current = await readShareSettings(db, log);
  const defaults = shareSettingsSchema.parse({});
  const changes: Record<string, unknown> = {};
  for (const [key, demoValue] of Object.entries(record.share)) {
    if (!(key in defaults)) continue;
    const name = key as keyof ShareSettings;
    if (name === 'follow' || name === 'popup') {
      const now = current[name] as Record<string, unknown>;
      const demo = (demoValue ?? {}) as Record<string, unknown>;
      const fallback = (name === 'popup' ? defaults.popup : {}) as Record<string, unknown>;
      const next = { ...now };
      for (const field of Object.keys(demo)) {
        if (!isDeepStrictEqual(now[field], demo[field])) continue;
        if (field in fallback) next[field] = fallback[field];
        else delete next[field];
      }
      if (!isDeepStrictEqual(next, now)) changes[name] = next;
    } else if (isDeepStrictEqual(current[name], demoValue)) {
      if (!isDeepStrictEqual(current[name], defaults[name])) changes[name] = defaults[name];
    }
  }
  if (Object.keys(changes).length > 0) await writeShareSettings(db, changes);
  return Object.keys(changes).length;
}

/**
 * The demo's images that nothing left on the site uses (a post, page, form or setting; the media
 * library's own reckoning). Their resized copies go with the next media sweep.
 */
async function removeUnusedImages(
  handle: DatabaseHandle,
  record: DemoRecord,
  log: Logger,
): Promise<number> {
  if (record.media.length === 0) return 0;
  const used = await imageUses({ database: handle, log });
  const unused = record.media.filter((id) => !used.has(id));
  if (unused.length === 0) return 0;
  const result = await handle.db.deleteFrom('media').where('id', 'in', unused).executeTakeFirst();
  return Number(result.numDeletedRows);
}
