import { type CreateTableBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import type { DatabaseKind } from '../connect.ts';

/**
 * What the migrations share: how they see the database, and every place where SQLite and
 * PostgreSQL need a different schema (the queries' differences are in ../dialect-sql.ts).
 * A migration that has run must keep doing what it did, so these change only by addition.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
export type MigrationDb = Kysely<any>;

/** One migration's changes, written once for both databases. */
export type MigrationStep = (db: MigrationDb, kind: DatabaseKind) => Promise<void>;

// biome-ignore lint/suspicious/noExplicitAny: works on any table being created
export function withIdColumn<T extends CreateTableBuilder<any, any>>(
  table: T,
  kind: DatabaseKind,
): T {
  return (
    kind === 'postgres'
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  ) as T;
}

export const epochType = (kind: DatabaseKind) => (kind === 'postgres' ? 'bigint' : 'integer');
export const blobType = (kind: DatabaseKind) => (kind === 'postgres' ? 'bytea' : 'blob');

/** Full-text index over posts: FTS5 on SQLite, a generated tsvector on PostgreSQL. */
export function createPostSearchIndex(kind: DatabaseKind): RawBuilder<unknown>[] {
  if (kind === 'postgres') {
    return [
      sql`alter table posts add column search_vector tsvector generated always as (
        setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(excerpt, '')), 'B') ||
        setweight(to_tsvector('english', coalesce(body_text, '')), 'C')) stored`,
      sql`create index posts_search_idx on posts using gin (search_vector)`,
    ];
  }
  return [
    sql`create virtual table posts_fts using fts5(title, excerpt, body_text, content='posts', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')`,
    sql`create trigger posts_fts_insert after insert on posts begin
      insert into posts_fts(rowid, title, excerpt, body_text) values (new.id, new.title, new.excerpt, new.body_text);
    end`,
    sql`create trigger posts_fts_delete after delete on posts begin
      insert into posts_fts(posts_fts, rowid, title, excerpt, body_text) values ('delete', old.id, old.title, old.excerpt, old.body_text);
    end`,
    sql`create trigger posts_fts_update after update of title, excerpt, body_text on posts begin
      insert into posts_fts(posts_fts, rowid, title, excerpt, body_text) values ('delete', old.id, old.title, old.excerpt, old.body_text);
      insert into posts_fts(rowid, title, excerpt, body_text) values (new.id, new.title, new.excerpt, new.body_text);
    end`,
  ];
}
