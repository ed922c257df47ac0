import type { DatabaseHandle } from '../../../platform/db/connect.ts';
import {
  type ContentArchive,
  contentArchiveSchema,
  remapMediaReferences,
} from '../content-archive.ts';
import { storeImage } from './media.ts';
import { ContentError, savePost } from './save-post.ts';

/** Every post, page and image of the site as one archive; what is in the Trash stays out. */
export async function exportContent({ db }: DatabaseHandle): Promise<ContentArchive> {
  const media = await db
    .selectFrom('media')
    .select(['id', 'file_name', 'alt', 'bytes'])
    .orderBy('id')
    .execute();
  const posts = await db
    .selectFrom('posts')
    .selectAll()
    .where('trashed_at', 'is', null)
    .orderBy('id')
    .execute();
  const tags = await db
    .selectFrom('post_tags')
    .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
    .select(['post_tags.post_id', 'tags.name'])
    .orderBy('post_tags.position')
    .execute();
  return {
    format: 'quire-content',
    version: 1,
    exportedAt: new Date().toISOString(),
    media: media.map((m) => ({
      id: m.id,
      fileName: m.file_name,
      alt: m.alt,
      base64: Buffer.from(m.bytes).toString('base64'),
    })),
    posts: posts.map((p) => ({
      type: p.type,
      title: p.title,
      slug: p.slug,
      excerpt: p.excerpt,
      body: p.body_markdown,
      status: p.status,
      ...(p.published_at === null ? {} : { publishedAt: new Date(p.published_at).toISOString() }),
      tags: tags.filter((t) => t.post_id === p.id).map((t) => t.name),
      coverMediaId: p.cover_media_id,
      seoTitle: p.seo_title,
      seoDescription: p.seo_description,
    })),
  };
}

/**
 * Adds the archive's images and posts to the site. Posts whose slug is taken are refused
 * with their title named, and nothing of that post is written; the others still import.
 * `mediaIds` gives the id each image got, by its id in the archive.
 */
export async function importContent(
  handle: DatabaseHandle,
  json: unknown,
): Promise<{ posts: number; mediaIds: ReadonlyMap<number, number>; skipped: string[] }> {
  const parsed = contentArchiveSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || 'file'}: ${i.message}`);
    throw new ContentError(`This is not a Quire content file:\n${first.join('\n')}`);
  }
  const ids = new Map<number, number>();
  for (const item of parsed.data.media) {
    ids.set(
      item.id,
      await storeImage(handle.db, Buffer.from(item.base64, 'base64'), item.fileName, item.alt),
    );
  }
  let posts = 0;
  const skipped: string[] = [];
  for (const post of parsed.data.posts) {
    try {
      await savePost(handle, {
        ...post,
        body: remapMediaReferences(post.body, ids),
        coverMediaId: post.coverMediaId === null ? null : (ids.get(post.coverMediaId) ?? null),
      });
      posts++;
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      skipped.push(`${post.title}: ${error.message}`);
    }
  }
  return { posts, mediaIds: ids, skipped };
}
