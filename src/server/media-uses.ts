import type { ImageUse } from '../features/admin/media-library.ts';
import { settingsSections } from '../features/admin/settings-sections.ts';
import { mediaIdsIn, withoutImage } from '../features/content/media-references.ts';
import { markImagesUsed } from '../features/content/server/media-library.ts';
import { postsUsingImages, removeImageFromPosts } from '../features/content/server/media-uses.ts';
import { listForms, saveForm } from '../features/forms/server/forms-store.ts';
import {
  readSiteSettings,
  writeSiteSettings,
} from '../features/site/server/site-settings-store.ts';
import { type SiteSettings, siteImageSettings } from '../features/site/site-settings.ts';
import type { DatabaseHandle } from '../platform/db/connect.ts';
import type { Logger } from '../platform/log.ts';

/**
 * Where each stored image is used, across the features that hold images: posts and pages
 * (their text and cover), forms (a choice's picture, a content block) and the site's settings
 * (logo, share image). Read from what each holds now, every time (decision 0056).
 */

type Deps = { database: DatabaseHandle; log: Pick<Logger, 'warn'> };

const settingLabel = (name: string) =>
  (settingsSections.site.fields as readonly { name: string; label: string }[]).find(
    (field) => field.name === name,
  )?.label ?? name;

/** The images the site's settings use, by setting. */
function settingImages(site: SiteSettings): { name: string; id: number }[] {
  return siteImageSettings.flatMap((name) => {
    const id = site[name];
    return id === null ? [] : [{ name, id }];
  });
}

/** What uses each image (every image, or only `onlyId`), by image id; unused images are absent. */
export async function imageUses(deps: Deps, onlyId?: number): Promise<Map<number, ImageUse[]>> {
  const { db } = deps.database;
  const [posts, forms, site] = await Promise.all([
    postsUsingImages(db, onlyId),
    listForms(db),
    readSiteSettings(db, deps.log),
  ]);
  const uses = new Map<number, ImageUse[]>();
  const add = (id: number, use: ImageUse) => {
    if (onlyId !== undefined && id !== onlyId) return;
    uses.set(id, [...(uses.get(id) ?? []), use]);
  };
  for (const [id, list] of posts) {
    for (const post of list) add(id, { ...post, kind: post.type });
  }
  for (const form of forms) {
    for (const id of mediaIdsIn(JSON.stringify(form.definition))) {
      add(id, { kind: 'form', id: form.id, title: form.definition.title });
    }
  }
  for (const { name, id } of settingImages(site)) {
    add(id, { kind: 'setting', name, label: settingLabel(name) });
  }
  return uses;
}

/** A saved settings tab keeps the images it uses from the sweep, for good. */
export async function claimSettingImages(deps: Deps, now = Date.now()): Promise<void> {
  const site = await readSiteSettings(deps.database.db, deps.log);
  await markImagesUsed(
    deps.database.db,
    settingImages(site).map((setting) => setting.id),
    now,
  );
}

/** A form's definition without image `id`: a choice loses its picture, a text loses the image. */
function definitionWithout(value: unknown, id: number): unknown {
  if (typeof value === 'string') return withoutImage(value, id);
  if (Array.isArray(value)) return value.map((item) => definitionWithout(item, id));
  if (typeof value !== 'object' || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'image' && typeof item === 'string' && mediaIdsIn(item).includes(id)) continue;
    kept[key] = definitionWithout(item, id);
  }
  return kept;
}

/**
 * Takes image `id` out of everything that uses it, as the owner's edits: posts and pages (their
 * text and cover, each with a new revision), forms (saved again, a new revision) and settings
 * (set to none). Answers what it was taken out of. The image itself is not deleted here.
 */
export async function removeImageUses(
  deps: Deps,
  id: number,
  edit: { userId: number; now: number },
): Promise<ImageUse[]> {
  const uses = (await imageUses(deps, id)).get(id) ?? [];
  const { db } = deps.database;
  if (uses.some((use) => use.kind === 'post' || use.kind === 'page')) {
    await removeImageFromPosts(db, id, edit);
  }
  for (const form of await listForms(db)) {
    if (!uses.some((use) => use.kind === 'form' && use.id === form.id)) continue;
    await saveForm(deps.database, definitionWithout(form.definition, id), form.id, edit.now, {
      userId: edit.userId,
    });
  }
  const settings = uses.flatMap((use) => (use.kind === 'setting' ? [use.name] : []));
  if (settings.length > 0) {
    await writeSiteSettings(db, Object.fromEntries(settings.map((name) => [name, null])));
  }
  return uses;
}
