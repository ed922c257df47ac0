import { type Expression, type RawBuilder, sql } from 'kysely';
import type { DatabaseKind } from './connect.ts';

/**
 * Every place where SQLite and PostgreSQL need different SQL in a query lives here, so the rest
 * of the code base writes one query for both (the schema's differences are in
 * migrations/schema-sql.ts).
 */

/** `YYYY-MM` of an epoch-millisecond column, in UTC. */
export function monthOf(kind: DatabaseKind, column: Expression<unknown>): RawBuilder<string> {
  return kind === 'postgres'
    ? sql<string>`to_char(to_timestamp(${column} / 1000.0) at time zone 'UTC', 'YYYY-MM')`
    : sql<string>`strftime('%Y-%m', ${column} / 1000, 'unixepoch')`;
}

/**
 * Turns what a visitor typed into a safe full-text query: words only (no operators reach the
 * engine), all required, the last one matched as a prefix.
 */
export function searchWords(query: string): string[] {
  return (query.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
}

/** Marks the matched words in a snippet; control characters that no post text contains. */
export const snippetMarkStart = '\u0002';
export const snippetMarkEnd = '\u0003';

export type SearchMatch = { id: number; snippet: string };

/**
 * Published posts and pages matching the words, best first (none in the Trash); `now` decides
 * what is published.
 */
export function searchPublishedSql(
  kind: DatabaseKind,
  words: string[],
  now: number,
  limit: number,
  offset: number,
) {
  if (kind === 'postgres') {
    const tsquery = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
    const headline = `StartSel=${snippetMarkStart}, StopSel=${snippetMarkEnd}, MaxWords=30, MinWords=15`;
    return sql<SearchMatch & { total: number }>`
      select id, ts_headline('english', body_text, q, ${headline}) as snippet, count(*) over () as total
      from posts, to_tsquery('english', ${tsquery}) q
      where search_vector @@ q and status in ('published', 'scheduled') and published_at <= ${now}
        and trashed_at is null
      order by ts_rank(search_vector, q) desc, published_at desc
      limit ${limit} offset ${offset}`;
  }
  const match = words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ');
  // FTS5's auxiliary functions (bm25, snippet) must run in the query that does the MATCH.
  return sql<SearchMatch & { total: number }>`
    with matches as (
      select rowid as id, bm25(posts_fts, 10.0, 4.0, 1.0) as rank,
        snippet(posts_fts, 2, ${snippetMarkStart}, ${snippetMarkEnd}, '…', 24) as snippet
      from posts_fts where posts_fts match ${match}
    )
    select p.id as id, matches.snippet as snippet, count(*) over () as total
    from matches join posts p on p.id = matches.id
    where p.status in ('published', 'scheduled') and p.published_at <= ${now}
      and p.trashed_at is null
    order by matches.rank, p.published_at desc
    limit ${limit} offset ${offset}`;
}

/**
 * A text column for `order by` in byte order (code point order for UTF-8), the same on both:
 * PostgreSQL would otherwise sort by the database's locale, SQLite sorts by bytes already.
 */
export function inByteOrder(kind: DatabaseKind, column: string): RawBuilder<string> {
  return kind === 'postgres'
    ? sql<string>`${sql.ref(column)} collate "C"`
    : sql<string>`${sql.ref(column)}`;
}

/**
 * Whether one element of a JSON array of objects (kept as text) has `key` lower-cased LIKE the
 * pattern (escaped with `!`): `json_each` on SQLite, `jsonb_array_elements` on PostgreSQL.
 */
export function jsonArrayValueMatches(
  kind: DatabaseKind,
  column: Expression<unknown>,
  key: string,
  pattern: string,
): RawBuilder<boolean> {
  return kind === 'postgres'
    ? sql<boolean>`exists (select 1 from jsonb_array_elements(${column}::jsonb) as element where lower(element ->> ${key}) like ${pattern} escape '!')`
    : sql<boolean>`exists (select 1 from json_each(${column}) as element where lower(json_extract(element.value, ${`$.${key}`})) like ${pattern} escape '!')`;
}

/**
 * The fields that one page of a form's entries (newest first, older than `before`) hold
 * answers for, read from the JSON each entry keeps (`[{ id, type, label, value }]`): each id
 * and type once, with the label of the newest entry that has it, newest first. Each row also
 * carries the page's size and its oldest entry, to ask for the next page; an entry without
 * answers gives a row whose id is null. A page at a time, as node:sqlite runs a query on the
 * event loop: one query over 100,000 entries would hold every request up for a second.
 */
export function answeredFieldsPageSql(
  kind: DatabaseKind,
  page: {
    formId: number;
    status?: 'entry' | 'spam' | undefined;
    before?: number | undefined;
    size: number;
  },
): RawBuilder<{
  id: number | null;
  type: string;
  label: string;
  newest: number;
  page_size: number | string;
  page_end: number;
}> {
  const ofStatus = page.status === undefined ? sql`` : sql`and status = ${page.status}`;
  const older = page.before === undefined ? sql`` : sql`and id < ${page.before}`;
  const entries = sql`
    with page as (
      select id, fields from form_entries
      where form_id = ${page.formId} ${ofStatus} ${older}
      order by id desc limit ${page.size}
    )`;
  const facts = sql`(select count(*) from page) as page_size, (select min(id) from page) as page_end`;
  if (kind === 'postgres') {
    return sql`${entries}
      select id, type, label, newest, ${facts} from (
        select distinct on ((element ->> 'id')::int, coalesce(element ->> 'type', ''))
          (element ->> 'id')::int as id, coalesce(element ->> 'type', '') as type,
          coalesce(element ->> 'label', '') as label, page.id as newest
        from page left join lateral jsonb_array_elements(page.fields::jsonb) as element on true
        order by (element ->> 'id')::int, coalesce(element ->> 'type', ''), page.id desc
      ) answered
      order by newest desc, id`;
  }
  // SQLite takes the bare `label` from the row that gives max(page.id).
  return sql`${entries}
    select json_extract(element.value, '$.id') as id,
      coalesce(json_extract(element.value, '$.type'), '') as type,
      coalesce(json_extract(element.value, '$.label'), '') as label, max(page.id) as newest,
      ${facts}
    from page left join json_each(page.fields) as element
    group by 1, 2
    order by newest desc, id`;
}
