import { z } from 'zod';
import {
  type ImageUse,
  type LibraryFilterValues,
  type LibraryItem,
  libraryShows,
  libraryViews,
  usesKey,
} from '../features/admin/media-library.ts';
import { mediaMessages as m } from '../features/admin/media-messages.ts';
import { adminMessages, editorMessages } from '../features/admin/messages.ts';
import type { Owner } from '../features/admin/server/owner-check.ts';
import { mediaPath } from '../features/content/media-urls.ts';
import type { Page } from '../features/content/post-types.ts';
import { describeImage, storeImage } from '../features/content/server/media.ts';
import {
  allImageIds,
  deleteImages,
  findLibraryImage,
  imageNeighbours,
  type LibraryImage,
  listLibraryImages,
  unclaimedUploadAgeMs,
} from '../features/content/server/media-library.ts';
import { ContentError } from '../features/content/server/save-post.ts';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import { absoluteUrl } from '../platform/absolute-url.ts';
import { adminJson, seeOther } from './admin-api.ts';
import type { AdminPage } from './admin-page.ts';
import type { AppContext } from './boot.ts';
import { imageUses, removeImageUses } from './media-uses.ts';
import { ownerPost } from './owner-action.ts';

/** Images per page of the library: a grid of 4, 5 or 6 across fills whole rows. */
const perPage = 60;

/** A stored image as the library's grid and list show it. */
function libraryItemOf(image: LibraryImage, uses: number): LibraryItem {
  return {
    id: image.id,
    fileName: image.fileName,
    mime: image.mime,
    width: image.width,
    height: image.height,
    size: image.size,
    alt: image.alt,
    createdAt: image.createdAt,
    uploadedBy: image.uploadedBy,
    uses,
    thumbnail: mediaPath(image.id, image.fileName, 320, image),
    removedAt: removalTime(image, uses),
  };
}

/** When the sweep removes an editor's upload nothing has used; null for every other image. */
function removalTime(image: LibraryImage, uses: number): number | null {
  if (image.keepUnused || image.usedAt !== null || uses > 0) return null;
  return image.createdAt + unclaimedUploadAgeMs;
}

/** `/admin/media`: the filter read from the address (anything unknown is ignored). */
export function readLibraryFilter(params: URLSearchParams): LibraryFilterValues & { page: number } {
  const show = params.get('show') ?? '';
  const view = params.get('view') ?? '';
  return {
    search: (params.get('q') ?? '').trim().slice(0, 200),
    show: (libraryShows as readonly string[]).includes(show)
      ? (show as LibraryFilterValues['show'])
      : 'all',
    view: (libraryViews as readonly string[]).includes(view)
      ? (view as LibraryFilterValues['view'])
      : 'grid',
    page: Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1)),
  };
}

/** The page of the library a filter selects, each image with how many things use it. */
export async function loadLibrary(
  admin: AdminPage,
  filter: LibraryFilterValues & { page: number },
): Promise<{ list: Page<LibraryItem>; timeZone: string }> {
  const { app } = admin;
  const { db } = app.database;
  const [uses, site] = await Promise.all([imageUses(app), readSiteSettings(db, app.log)]);
  const onlyIds =
    filter.show === 'unused' ? (await allImageIds(db)).filter((id) => !uses.has(id)) : undefined;
  const list = await listLibraryImages(db, {
    search: filter.search,
    withoutAlt: filter.show === 'no-alt',
    onlyIds,
    page: filter.page,
    perPage,
  });
  return {
    list: {
      ...list,
      items: list.items.map((image) => libraryItemOf(image, uses.get(image.id)?.length ?? 0)),
    },
    timeZone: site.timeZone,
  };
}

/** One image as its screen shows it, with what uses it and where it is on the site. */
export type ImageDetails = {
  image: LibraryItem;
  uses: ImageUse[];
  usesKey: string;
  /** Its address at full size, on the site's own origin. */
  address: string;
  /** What to paste into a post to show it. */
  markdown: string;
  /** A copy that fits the screen's preview. */
  preview: string;
  neighbours: { newer: number | undefined; older: number | undefined };
};

export async function loadImageDetails(
  app: AppContext,
  id: number,
): Promise<ImageDetails | undefined> {
  const { db } = app.database;
  const image = await findLibraryImage(db, id);
  if (!image) return undefined;
  const [uses, neighbours] = await Promise.all([
    imageUses(app, id).then((found) => found.get(id) ?? []),
    imageNeighbours(db, id),
  ]);
  const fullSize = mediaPath(id, image.fileName, image.width, image);
  const altText = image.alt.replace(/[\\[\]]/g, (char) => `\\${char}`);
  return {
    image: libraryItemOf(image, uses.length),
    uses,
    usesKey: usesKey(uses),
    address: absoluteUrl(app.config.siteUrl, fullSize),
    markdown: `![${altText}](${mediaPath(id, image.fileName, 960, image)})`,
    preview: mediaPath(id, image.fileName, 960, image),
    neighbours,
  };
}

/** An uploaded image's form: the file, and an optional description. */
const uploadInput = z.object({
  file: z
    .instanceof(File, { error: editorMessages.uploadNoFile })
    .refine((file) => file.size > 0, { error: editorMessages.uploadNoFile }),
  alt: z
    .string()
    .catch('')
    .transform((alt) => alt.trim().slice(0, 300)),
});

/** The editor's uploads (`/admin/api/media`): a post's images, needing `posts`. */
export const editorUpload = { permission: 'posts', input: uploadInput } as const;

/** The library's uploads (`/admin/api/media/upload`): needing `media`. */
export const libraryUpload = { permission: 'media', input: uploadInput } as const;

/**
 * Stores an uploaded image and answers what the editor and the library show of it. The
 * editor's uploads wait a day for a saved post to use them (decision 0056); the library's are
 * the owner's choice to keep, used or not.
 */
export async function storeUpload(
  app: AppContext,
  owner: Owner,
  input: z.output<typeof uploadInput>,
  from: 'editor' | 'library',
): Promise<Response> {
  const fileName = input.file.name.slice(0, 200) || 'image';
  try {
    const bytes = new Uint8Array(await input.file.arrayBuffer());
    const id = await storeImage(app.database.db, bytes, fileName, input.alt, {
      uploadedBy: owner.userId,
      keepUnused: from === 'library',
    });
    const stored = await findLibraryImage(app.database.db, id);
    if (!stored) throw new Error(`Image ${id} vanished as it was stored`);
    app.log.info(`Image uploaded (${from}): ${id} ${stored.fileName} by user ${owner.userId}`);
    return adminJson(201, {
      ok: true,
      image: {
        id,
        fileName: stored.fileName,
        width: stored.width,
        height: stored.height,
        alt: stored.alt,
        path: mediaPath(id, stored.fileName, 960, stored),
        thumbnail: mediaPath(id, stored.fileName, 320, stored),
      },
      item: libraryItemOf(stored, 0),
    });
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return adminJson(422, { ok: false, message: editorMessages.uploadFailed(error.message) });
  }
}

type Notice = { kind: 'done' | 'error'; message: string };

/** What the image screen's forms send: a description to save, or a deletion. */
export const imageWrite = {
  permission: 'media',
  input: z.object({
    action: z.enum(['alt', 'delete']).catch('alt'),
    alt: z
      .string()
      .catch('')
      .transform((alt) => alt.trim()),
    confirm: z.string().optional().catch(undefined),
    everywhere: z.string().optional().catch(undefined),
    uses: z.string().optional().catch(undefined),
  }),
} as const;

export type ImageActionOutcome =
  | { kind: 'done'; redirect: Response }
  | { kind: 'refused'; status: number; notice: Notice; alt?: string }
  | { kind: 'confirm' }
  | { kind: 'in-use'; notice: Notice };

/**
 * An owner's change to one image (`/admin/media/{id}`): its description, or its deletion. An
 * unused image is deleted once confirmed; one in use is refused with what uses it, unless the
 * owner confirmed taking it out of exactly those uses too.
 */
export async function postImageAction(
  admin: AdminPage,
  request: Request,
  details: ImageDetails,
): Promise<ImageActionOutcome> {
  const { app } = admin;
  const write = await ownerPost(admin, request, imageWrite);
  if (!write.ok) {
    return {
      kind: 'refused',
      status: write.status,
      notice: { kind: 'error', message: write.message },
    };
  }
  const { id, fileName } = details.image;
  const input = write.input;
  const refusal = await refuseImageChange(admin, id, details.uses);
  if (refusal) return { kind: 'refused', status: 403, notice: { kind: 'error', message: refusal } };
  if (input.action === 'alt') {
    if (input.alt.length > 300) {
      return {
        kind: 'refused',
        status: 422,
        notice: { kind: 'error', message: m.altTooLong },
        alt: input.alt,
      };
    }
    const changed = await describeImage(app.database.db, id, input.alt);
    if (changed) app.log.info(`Image ${id} described by user ${admin.userId}`);
    return {
      kind: 'done',
      redirect: seeOther(`/admin/media/${id}?notice=${changed ? 'alt' : 'unchanged'}`),
    };
  }
  if (input.confirm !== 'yes') return { kind: 'confirm' };
  const everywhere = input.everywhere === 'yes';
  if (details.uses.length > 0 && (!everywhere || input.uses !== details.usesKey)) {
    return {
      kind: 'in-use',
      notice: {
        kind: 'error',
        message: everywhere ? m.usesChanged : m.inUse(fileName, details.uses.length),
      },
    };
  }
  if (details.uses.length > 0) {
    await removeImageUses(app, id, { userId: admin.userId, now: Date.now() });
  }
  const gone = await deleteImages(app.database.db, [id], app.mediaCacheDir);
  if (gone.length === 0) {
    return { kind: 'refused', status: 404, notice: { kind: 'error', message: m.gone } };
  }
  app.log.info(
    `Image ${id} deleted${details.uses.length > 0 ? `, taken out of ${details.uses.length} uses,` : ''} by user ${admin.userId}`,
  );
  const query = new URLSearchParams({ notice: 'deleted', name: fileName });
  if (details.uses.length > 0) query.set('from', String(details.uses.length));
  return { kind: 'done', redirect: seeOther(`/admin/media?${query}`) };
}

/** The notice a redirect to the library carries (`?notice=deleted&name=…&from=2`). */
export function libraryNotice(params: URLSearchParams): Notice | undefined {
  if (params.get('notice') !== 'deleted') return undefined;
  const name = (params.get('name') ?? '').slice(0, 200);
  const from = Number(params.get('from') ?? 0);
  return {
    kind: 'done',
    message: from > 0 ? m.deletedEverywhere(name, from) : m.deleted(name),
  };
}

/** The notice a redirect to an image's screen carries (`?notice=alt`). */
export function imageNotice(params: URLSearchParams): Notice | undefined {
  const notice = params.get('notice');
  if (notice === 'alt') return { kind: 'done', message: m.altSaved };
  if (notice === 'unchanged') return { kind: 'done', message: m.altUnchanged };
  return undefined;
}

/**
 * Whether the user may change this image (decision 0060): with `othersMedia` any; otherwise only
 * one they uploaded, and taken out of nothing but their own posts.
 */
async function refuseImageChange(
  admin: AdminPage,
  id: number,
  uses: readonly ImageUse[],
): Promise<string | undefined> {
  if (admin.owner.permissions.has('othersMedia')) return undefined;
  const { db } = admin.app.database;
  const image = await db
    .selectFrom('media')
    .select('uploaded_by')
    .where('id', '=', id)
    .executeTakeFirst();
  if (image?.uploaded_by !== admin.userId) return adminMessages.notYourImage;
  const postIds = uses.flatMap((use) => (use.kind === 'post' ? [use.id] : []));
  const others =
    uses.some((use) => use.kind !== 'post') ||
    (postIds.length > 0 &&
      (await db
        .selectFrom('posts')
        .select('id')
        .where('id', 'in', postIds)
        .where((eb) => eb.or([eb('author_id', 'is', null), eb('author_id', '!=', admin.userId)]))
        .executeTakeFirst()) !== undefined);
  return others ? adminMessages.notYourImageUses : undefined;
}
