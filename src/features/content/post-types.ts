import type { SanitisedHtml } from '../../platform/sanitised-html.ts';
import type { MediaSize } from './media-urls.ts';

export type Tag = { id: number; name: string; slug: string; description: string };

export type CoverImage = MediaSize & { id: number; fileName: string; alt: string };

/** A published post or page as the visitor side shows it in lists. */
export type PostSummary = {
  id: number;
  type: 'post' | 'page';
  title: string;
  slug: string;
  excerpt: string;
  publishedAt: number;
  updatedAt: number;
  cover: CoverImage | null;
  tags: Tag[];
};

export type PostDetail = PostSummary & { html: SanitisedHtml; readingMinutes: number };

/** A post on its own page: what search engines and link previews show, when worded apart. */
export type PostPage = PostDetail & {
  seoTitle: string;
  seoDescription: string;
  /** Its author's name; empty when it has none (decision 0060). */
  author?: string;
};

/** A search hit: the post and a snippet of escaped text with the matches in `<mark>`. */
export type SearchResult = PostSummary & { snippetHtml: SanitisedHtml };

export type Page<T> = {
  items: T[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
};

/** A month with posts: `2026-03`, its label (`March 2026`) and how many posts it has. */
export type ArchiveMonth = { month: string; label: string; count: number };
