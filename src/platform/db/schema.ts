import type { Generated } from 'kysely';

/** Times are epoch milliseconds in both SQLite and PostgreSQL (bigint parsed as number). */
export type EpochMs = number;

export type PostType = 'post' | 'page';
export type PostStatus = 'draft' | 'published' | 'scheduled';

export interface PostsTable {
  id: Generated<number>;
  type: PostType;
  title: string;
  slug: string;
  excerpt: string;
  body_markdown: string;
  body_html: string;
  body_text: string;
  cover_media_id: number | null;
  status: PostStatus;
  published_at: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
}

export interface PostTagsTable {
  post_id: number;
  tag_id: number;
  position: number;
}

export interface MediaTable {
  id: Generated<number>;
  file_name: string;
  mime: string;
  width: number;
  height: number;
  alt: string;
  bytes: Uint8Array;
  created_at: EpochMs;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  created_at: EpochMs;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface SecretsTable {
  name: string;
  value: string;
}

export interface CountersTable {
  name: string;
  value: number;
}

export interface SubscribersTable {
  id: Generated<number>;
  feed_id: number;
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  created_at: EpochMs;
}

export interface Database {
  subscribers: SubscribersTable;
  posts: PostsTable;
  tags: TagsTable;
  post_tags: PostTagsTable;
  media: MediaTable;
  users: UsersTable;
  settings: SettingsTable;
  secrets: SecretsTable;
  counters: CountersTable;
}
