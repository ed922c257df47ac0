import { sql } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { PostType } from '../../../platform/db/schema.ts';
import { markdownImages, mediaIdsIn, withoutImage } from '../media-references.ts';
import { renderPost, renderPostBody } from './post-body.ts';

/**
 * Which posts and pages use which stored images, read from what they hold now (their Markdown and
 * their cover), never from a record kept beside them that a save, an import or a restore could
 * leave behind (decision 0056).
 */

/** A post or page using an image: in its text, as its cover, or both. */
export type PostImageUse = {
  id: number;
  type: PostType;
  title: string;
  inText: boolean;
  asCover: boolean;
};

/**
 * The posts and pages using each image, by image id (all images, or only `onlyId`). Only rows
 * that name `/media/` or have a cover are read whole.
 */
export async function postsUsingImages(
  db: Db,
  onlyId?: number,
): Promise<Map<number, PostImageUse[]>> {
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'type', 'title', 'body_markdown', 'cover_media_id'])
    .where((eb) =>
      onlyId === undefined
        ? eb.or([eb('body_markdown', 'like', '%/media/%'), eb('cover_media_id', 'is not', null)])
        : eb.or([
            eb('body_markdown', 'like', `%/media/${onlyId}%`),
            eb('cover_media_id', '=', onlyId),
          ]),
    )
    .orderBy('type')
    .orderBy('title')
    .orderBy('id')
    .execute();
  const uses = new Map<number, PostImageUse[]>();
  for (const row of rows) {
    const inText = new Set(mediaIdsIn(row.body_markdown));
    const ids = new Set(inText);
    if (row.cover_media_id !== null) ids.add(row.cover_media_id);
    for (const id of ids) {
      if (onlyId !== undefined && id !== onlyId) continue;
      const use = {
        id: row.id,
        type: row.type,
        title: row.title,
        inText: inText.has(id),
        asCover: row.cover_media_id === id,
      };
      uses.set(id, [...(uses.get(id) ?? []), use]);
    }
  }
  return uses;
}

/**
 * What a post's save does to the images it uses, inside its transaction: each is marked used
 * (once, so the sweep keeps it for good), and an image the library has no description for takes
 * the first the text gives it. Answers the images so described.
 */
export async function claimImages(
  db: Db,
  markdown: string,
  coverId: number | null,
  now: number,
): Promise<number[]> {
  const ids = mediaIdsIn(markdown);
  if (coverId !== null && !ids.includes(coverId)) ids.push(coverId);
  if (ids.length === 0) return [];
  await db
    .updateTable('media')
    .set({ used_at: now })
    .where('id', 'in', ids)
    .where('used_at', 'is', null)
    .execute();
  const described: number[] = [];
  for (const { id, alt } of markdownImages(markdown)) {
    if (alt === '' || described.includes(id)) continue;
    const result = await db
      .updateTable('media')
      .set({ alt: alt.slice(0, 300) })
      .where('id', '=', id)
      .where('alt', '=', '')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) described.push(id);
  }
  return described;
}

/**
 * Renders again the text of every post and page showing one of `ids`: an image placed without a
 * description shows the library's, which changed. What the owner wrote, and its revision, stay.
 * Answers how many changed.
 */
export async function refreshPostsShowing(db: Db, ids: readonly number[]): Promise<number> {
  const posts = new Set<number>();
  for (const id of ids) {
    for (const use of (await postsUsingImages(db, id)).get(id) ?? []) {
      if (use.inText) posts.add(use.id);
    }
  }
  let changed = 0;
  for (const id of posts) {
    const row = await db
      .selectFrom('posts')
      .select(['body_markdown', 'body_html'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) continue;
    const html = await renderPostBody(db, row.body_markdown);
    if (html === row.body_html) continue;
    await db.updateTable('posts').set({ body_html: html }).where('id', '=', id).execute();
    changed++;
  }
  return changed;
}

/**
 * Takes image `id` out of every post and page using it: its Markdown (withoutImage) and its
 * cover. Each changed post is saved as the owner's edit, with a new revision, so an editor open
 * on it is told before it saves over this. Answers the posts changed.
 */
export async function removeImageFromPosts(
  db: Db,
  id: number,
  edit: { userId: number; now: number },
): Promise<PostImageUse[]> {
  const uses = (await postsUsingImages(db, id)).get(id) ?? [];
  for (const use of uses) {
    const row = await db
      .selectFrom('posts')
      .select(['body_markdown', 'cover_media_id'])
      .where('id', '=', use.id)
      .executeTakeFirst();
    if (!row) continue;
    const markdown = use.inText ? withoutImage(row.body_markdown, id) : row.body_markdown;
    const { html, text } = await renderPost(db, markdown);
    await db
      .updateTable('posts')
      .set({
        body_markdown: markdown,
        body_html: html,
        body_text: text,
        cover_media_id: row.cover_media_id === id ? null : row.cover_media_id,
        revision: sql`revision + 1`,
        updated_at: edit.now,
        updated_by: edit.userId,
      })
      .where('id', '=', use.id)
      .execute();
  }
  return uses;
}
