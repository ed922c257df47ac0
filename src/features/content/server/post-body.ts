import type { Db } from '../../../platform/db/connect.ts';
import { htmlToText } from '../../../platform/markdown.ts';
import type { SanitisedHtml } from '../../../platform/sanitised-html.ts';
import { replaceFormEmbeds } from '../../forms/embed.ts';
import { mediaIdsIn } from '../media-references.ts';
import { type MediaLookup, renderWithMedia } from './media-markdown.ts';

/** A post's Markdown as the site shows it: sanitised, its stored images responsive. */
export async function renderPostBody(db: Db, markdown: string): Promise<SanitisedHtml> {
  return renderWithMedia(markdown, await loadMediaLookup(db, mediaIdsIn(markdown)));
}

/** A post's body as stored: its HTML, and its words for search and excerpts. */
export async function renderPost(
  db: Db,
  markdown: string,
): Promise<{ html: SanitisedHtml; text: string }> {
  const html = await renderPostBody(db, markdown);
  return { html, text: htmlToText(replaceFormEmbeds(html, '')) };
}

async function loadMediaLookup(db: Db, ids: number[]): Promise<MediaLookup> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('media')
    .select(['id', 'file_name', 'width', 'height', 'alt'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      { fileName: r.file_name, width: r.width, height: r.height, alt: r.alt },
    ]),
  );
}
