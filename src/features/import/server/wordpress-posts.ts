import type { WxrItem } from './wxr-reader.ts';

/**
 * How a WordPress post or page's fields become Quire's (decision 0063, docs/import.md): status
 * and date (slug and excerpt: post-fields.ts), and what is kept with the import record because
 * Quire has no place for it yet.
 */

export type MappedStatus = {
  status: 'draft' | 'published' | 'scheduled';
  /** Why the post is a draft although WordPress showed it (private), for the report. */
  private: boolean;
};

/** WordPress's statuses Quire imports; the others (trash, auto-draft, inherit) are skipped. */
export function statusOf(item: WxrItem, publishedAt: Date | undefined): MappedStatus | undefined {
  switch (item.status) {
    case 'publish':
      return { status: 'published', private: false };
    case 'future':
      // A scheduled post without a date cannot wait for it: it stays a draft.
      return { status: publishedAt ? 'scheduled' : 'draft', private: false };
    case 'draft':
    case 'pending':
      return { status: 'draft', private: false };
    case 'private':
      return { status: 'draft', private: true };
    default:
      return undefined;
  }
}

/** `2024-05-10 08:00:00` (WordPress's GMT date) → that instant; undefined for `0000-00-00 …`. */
export function dateOf(dateGmt: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(dateGmt.trim());
  if (!match || match[1] === '0000') return undefined;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Post meta WordPress keeps for itself (locks, editor state); the rest is the owner's. */
const internalMeta =
  /^_(?:edit_lock|edit_last|thumbnail_id|wp_old_slug|wp_old_date|pingme|encloseme|wp_page_template|wp_trash_meta_\w+|wp_desired_post_slug)$/;

/** What Quire has no place for yet, kept with the import record: comments, custom fields… */
export function keptOf(item: WxrItem): Record<string, unknown> {
  const meta = Object.fromEntries(
    Object.entries(item.meta).filter(([key]) => !internalMeta.test(key)),
  );
  return {
    link: item.link,
    status: item.status,
    ...(item.sticky ? { sticky: true } : {}),
    ...(item.parent ? { parent: item.parent, menuOrder: item.menuOrder } : {}),
    ...(Object.keys(meta).length > 0 ? { meta } : {}),
    ...(item.comments.length > 0 ? { comments: item.comments } : {}),
  };
}
