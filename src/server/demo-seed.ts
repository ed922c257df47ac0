import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { type ContentArchive, contentArchiveSchema } from '../features/content/content-archive.ts';
import { importContent } from '../features/content/server/content-transfer.ts';
import { importForms, planFormsImport } from '../features/forms/server/forms-transfer.ts';
import { createCoupon, type NewCoupon } from '../features/payments/server/coupons.ts';
import { writeShareSettings } from '../features/share/server/share-settings-store.ts';
import { shareSettingsSchema } from '../features/share/share-settings.ts';
import { writeSiteSettings } from '../features/site/server/site-settings-store.ts';
import { siteSettingsSchema } from '../features/site/site-settings.ts';
import type { DatabaseHandle } from '../platform/db/connect.ts';
import { recordDemoContent } from './demo-content.ts';

/**
 * The demo site, "Field Notes", is data in `demo/` at the root of the project: its posts, pages
 * and images as a content file (`quire import`), its forms as a forms file (`quire forms
 * import`) and its site and share settings. Read from beside this module, not from the
 * working directory: the server runs from source.
 */
const demoFolder = new URL('../../demo/', import.meta.url);

async function readDemoFile(name: string): Promise<unknown> {
  return JSON.parse(await readFile(new URL(name, demoFolder), 'utf8'));
}

// Strict, so a misspelt setting is an error rather than quietly left out.
const demoSettingsSchema = z.strictObject({
  site: siteSettingsSchema.strict(),
  share: shareSettingsSchema.strict(),
});

export type DemoSettings = z.output<typeof demoSettingsSchema>;

/**
 * The demo's settings (`demo/settings.json`). Its `defaultShareImageId` is the id of an image
 * in the content file, which the site's own id replaces when the demo is seeded.
 */
export async function readDemoSettings(): Promise<DemoSettings> {
  return demoSettingsSchema.parse(await readDemoFile('settings.json'));
}

/** The demo content file (`demo/content.json`), dated as it was written. */
export async function readDemoContent(): Promise<ContentArchive> {
  return contentArchiveSchema.parse(await readDemoFile('content.json'));
}

/** The demo forms file (`demo/forms.json`), as `quire forms import` reads it. */
export function readDemoForms(): Promise<unknown> {
  return readDemoFile('forms.json');
}

const demoCouponsSchema = z.array(
  z.strictObject({
    code: z.string(),
    kind: z.enum(['percent', 'fixed']),
    amount: z.int(),
    formId: z.int().optional(),
    maxUses: z.int().optional(),
  }),
);

/** The demo's coupons (`demo/coupons.json`), such as the one the booking page names. */
export async function readDemoCoupons(): Promise<NewCoupon[]> {
  return demoCouponsSchema.parse(await readDemoFile('coupons.json'));
}

/**
 * The archive with every date moved by the time since it was written (`exportedAt`), so that
 * a demo written months ago still has a post from two days ago and one scheduled for later.
 */
export function redateArchive(archive: ContentArchive, now: number): ContentArchive {
  if (archive.exportedAt === undefined) {
    throw new Error('The demo content file needs "exportedAt": its dates are relative to it.');
  }
  const shift = now - Date.parse(archive.exportedAt);
  return {
    ...archive,
    exportedAt: new Date(now).toISOString(),
    posts: archive.posts.map((post) =>
      post.publishedAt === undefined
        ? post
        : { ...post, publishedAt: new Date(Date.parse(post.publishedAt) + shift).toISOString() },
    ),
  };
}

/**
 * Fills an empty site with the demo through the same importers as the command line: the
 * content (dated relative to `now`), the forms under the ids its pages embed, the settings.
 */
export async function seedDemoSite(
  handle: DatabaseHandle,
  now: number = Date.now(),
): Promise<{ posts: number; images: number; forms: number }> {
  const content = await importContent(handle, redateArchive(await readDemoContent(), now));
  if (content.skipped.length > 0) {
    throw new Error(`The demo content did not import:\n${content.skipped.join('\n')}`);
  }
  // An empty site: every form is added, none replaced.
  const plan = await planFormsImport(handle, await readDemoForms());
  const forms = await importForms(handle, plan, { replace: false, restore: false });
  for (const coupon of await readDemoCoupons()) await createCoupon(handle.db, coupon, now);
  const { site, share } = await readDemoSettings();
  const shareImage = site.defaultShareImageId;
  const siteWritten = {
    ...site,
    defaultShareImageId: shareImage === null ? null : (content.mediaIds.get(shareImage) ?? null),
  };
  await writeSiteSettings(handle.db, siteWritten);
  await writeShareSettings(handle.db, share);
  await recordDemoContent(handle.db, { site: siteWritten, share }, now);
  return { posts: content.posts, images: content.mediaIds.size, forms: forms.done.length };
}
