import { siteUrlFromImages } from './ghost-urls.ts';
import { ghostMessages as m } from './messages.ts';

/**
 * Ghost's content export (Settings → Advanced → Import/Export → Export content; Ghost 2–5,
 * `{db: [{meta, data}]}` or the bare `{meta, data}`) → the site, its authors, tags, posts and
 * pages, pure. Each post carries the notes of what Quire does differently (members-only posts,
 * newsletters, internal tags, code injection). Bodies are converted by ghost-body.ts.
 */

export type GhostSite = {
  /** The old site's address (no trailing slash), or undefined when the export does not say. */
  url: string | undefined;
  title: string;
  ghostVersion: string;
};
export type GhostUser = {
  id: string;
  name: string;
  slug: string;
  email: string;
  bio: string;
  website: string;
};
export type GhostTag = { id: string; name: string; slug: string; description: string };
export type GhostFeatureImage = { src: string; alt: string; caption: string };
export type GhostPost = {
  id: string;
  type: 'post' | 'page';
  title: string;
  slug: string;
  /** Quire's status; `ghostStatus` is what Ghost said (`sent` is a newsletter-only post). */
  status: 'published' | 'draft' | 'scheduled';
  ghostStatus: string;
  excerpt: string;
  featureImage: GhostFeatureImage | undefined;
  /** Epoch ms; `publishedAt` is undefined for a draft never published. */
  publishedAt: number | undefined;
  createdAt: number | undefined;
  updatedAt: number | undefined;
  featured: boolean;
  /** Public tags in Ghost's order; internal (`#`) tags are left out and noted. */
  tags: GhostTag[];
  /** The authors' user ids, the primary author first. */
  authorIds: string[];
  seoTitle: string;
  seoDescription: string;
  canonicalUrl: string;
  /** The stored body as Ghost keeps it: Lexical or Mobiledoc JSON, and the HTML it renders. */
  body: { lexical?: unknown; mobiledoc?: unknown; html?: string };
  notes: string[];
};
export type GhostExport = {
  site: GhostSite;
  users: GhostUser[];
  tags: GhostTag[];
  posts: GhostPost[];
  /** About the file as a whole. */
  notes: string[];
};

/** The error an unreadable export raises; its message is meant for the owner. */
export class GhostExportError extends Error {}

type Row = Record<string, unknown>;

const str = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const isRow = (value: unknown): value is Row =>
  !!value && typeof value === 'object' && !Array.isArray(value);
const rows = (value: unknown): Row[] => (Array.isArray(value) ? value.filter(isRow) : []);
const truthy = (value: unknown) =>
  value === true || value === 1 || value === '1' || value === 'true';

/** ISO text (`2021-03-24T04:34:09.000Z`), Ghost 1's `2017-01-01 10:00:00` (UTC) or epoch ms. */
function epochMs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = /^\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?$/.test(value.trim())
    ? `${value.trim().replace(' ', 'T')}Z`
    : value.trim();
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
}

function parse(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  const text = input.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('<')) {
    throw new GhostExportError(
      /wordpress\.org\/export\//.test(text.slice(0, 4000)) ? m.wordPressGiven : m.notGhostExport,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (!/^[[{]/.test(text)) throw new GhostExportError(m.notGhostExport);
    throw new GhostExportError(m.brokenGhostExport((error as Error).message));
  }
}

/** The `{meta, data}` of an export, or the error naming what the file is instead. */
function exportBody(value: unknown): { meta: Row; data: Row } {
  if (Array.isArray(value)) {
    const formLike = value.some((item) => isRow(item) && 'fields' in item && 'settings' in item);
    throw new GhostExportError(formLike ? m.wpformsGiven : m.notGhostExport);
  }
  if (!isRow(value)) throw new GhostExportError(m.notGhostExport);
  if (value.format === 'quire-content') throw new GhostExportError(m.quireContentGiven);
  const entry = Array.isArray(value.db) ? rows(value.db).find((e) => isRow(e.data)) : value;
  if (!entry || !isRow(entry.data) || !Array.isArray(entry.data.posts)) {
    throw new GhostExportError(m.notGhostExport);
  }
  return { meta: isRow(entry.meta) ? entry.meta : {}, data: entry.data };
}

function statusOf(ghostStatus: string): GhostPost['status'] {
  if (ghostStatus === 'published') return 'published';
  if (ghostStatus === 'scheduled') return 'scheduled';
  return 'draft';
}

/** The rows of a join table grouped by post, in their `sort_order`. */
function byPost(table: Row[], key: string): Map<string, string[]> {
  const sorted = table
    .map((row, index) => ({ row, index, order: Number(row.sort_order ?? 0) || 0 }))
    .sort((a, b) => a.order - b.order || a.index - b.index);
  const map = new Map<string, string[]>();
  for (const { row } of sorted) {
    const post = str(row.post_id);
    map.set(post, [...(map.get(post) ?? []), str(row[key])]);
  }
  return map;
}

export function readGhostExport(input: unknown, options: { siteUrl?: string } = {}): GhostExport {
  const { meta, data } = exportBody(parse(input));
  const settings = new Map(rows(data.settings).map((row) => [str(row.key), row.value]));
  const allTags = new Map(
    rows(data.tags).map((row) => {
      const name = str(row.name);
      const internal = row.visibility === 'internal' || name.startsWith('#');
      const tag = { id: str(row.id), name, slug: str(row.slug), description: str(row.description) };
      return [tag.id, { tag, internal }] as const;
    }),
  );
  const tagsByPost = byPost(rows(data.posts_tags), 'tag_id');
  const authorsByPost = byPost(rows(data.posts_authors), 'author_id');
  const metaByPost = new Map(rows(data.posts_meta).map((row) => [str(row.post_id), row]));
  const rawPosts = rows(data.posts);

  const given = options.siteUrl?.trim() || str(settings.get('url')) || str(meta.url);
  const url =
    given.replace(/\/+$/, '') ||
    siteUrlFromImages(rawPosts.flatMap((p) => [str(p.feature_image), str(p.og_image)]));
  const notes = url === undefined ? [m.noSiteUrl] : [];

  const posts = rawPosts.map((row): GhostPost => {
    const id = str(row.id);
    const postMeta = metaByPost.get(id) ?? {};
    const ghostStatus = str(row.status);
    const postNotes: string[] = [];
    if (ghostStatus === 'sent') postNotes.push(m.sentByEmail);
    else if (truthy(postMeta.email_only)) postNotes.push(m.emailOnly);
    const visibility = str(row.visibility) || 'public';
    if (visibility !== 'public') postNotes.push(m.visibility(visibility));
    const tagged = (tagsByPost.get(id) ?? []).flatMap((tagId) => allTags.get(tagId) ?? []);
    const internal = tagged.filter((t) => t.internal).map((t) => `“${t.tag.name}”`);
    if (internal.length > 0) postNotes.push(m.internalTags(internal.join(', ')));
    if (str(row.codeinjection_head).trim() || str(row.codeinjection_foot).trim()) {
      postNotes.push(m.codeInjection);
    }
    const featureSrc = str(row.feature_image);
    const authorIds = authorsByPost.get(id) ?? (str(row.author_id) ? [str(row.author_id)] : []);
    return {
      id,
      type: row.type === 'page' || truthy(row.page) ? 'page' : 'post',
      title: str(row.title),
      slug: str(row.slug),
      status: truthy(postMeta.email_only) ? 'draft' : statusOf(ghostStatus),
      ghostStatus,
      excerpt: str(row.custom_excerpt),
      featureImage: featureSrc
        ? {
            src: featureSrc,
            alt: str(postMeta.feature_image_alt),
            caption: str(postMeta.feature_image_caption),
          }
        : undefined,
      publishedAt: epochMs(row.published_at),
      createdAt: epochMs(row.created_at),
      updatedAt: epochMs(row.updated_at),
      featured: truthy(row.featured),
      tags: tagged.filter((t) => !t.internal).map((t) => t.tag),
      authorIds: [...new Set(authorIds)],
      seoTitle: str(postMeta.meta_title) || str(row.meta_title),
      seoDescription: str(postMeta.meta_description) || str(row.meta_description),
      canonicalUrl: str(row.canonical_url),
      body: {
        ...(row.lexical ? { lexical: row.lexical } : {}),
        ...(row.mobiledoc ? { mobiledoc: row.mobiledoc } : {}),
        ...(typeof row.html === 'string' && row.html ? { html: row.html } : {}),
      },
      notes: postNotes,
    };
  });

  return {
    site: {
      url,
      title: str(settings.get('title')),
      ghostVersion: str(meta.version),
    },
    users: rows(data.users).map((row) => ({
      id: str(row.id),
      name: str(row.name),
      slug: str(row.slug),
      email: str(row.email),
      bio: str(row.bio),
      website: str(row.website),
    })),
    tags: [...allTags.values()].filter((t) => !t.internal).map((t) => t.tag),
    posts,
    notes,
  };
}
