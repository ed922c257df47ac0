import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { inviteUser } from '../../src/features/admin/server/user-admin.ts';
import { createAdmin, createUser } from '../../src/features/admin/server/users.ts';
import { addOwnerRedirect } from '../../src/features/content/server/redirects.ts';
import { writeFileSettings } from '../../src/features/forms/server/files-settings-store.ts';
import { databaseStorage } from '../../src/features/forms/server/files-storage.ts';
import { readSiteTables } from '../../src/platform/backup/site-tables.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { loadOrCreateSecret } from '../../src/platform/secrets.ts';
import { seedDemoSite } from '../../src/server/demo-seed.ts';
import type { S3StandIn } from './s3-stand-in.ts';

export const fullSiteBucket = 'quire-files';

/**
 * A site with something in every table a backup holds: the demo (posts, pages, images, forms,
 * coupons, settings), an administrator with a preference, entries with files in the database
 * and in S3, an order with its payment event, subscribers and an announced post, statistics
 * of every kind, mail, a spent captcha challenge. Binary values include every byte value and
 * an empty one, so a round trip that changes any byte shows.
 */
export async function fillEveryTable(handle: DatabaseHandle, s3: S3StandIn): Promise<void> {
  const { db } = handle;
  const now = Date.UTC(2026, 10, 20, 12);
  await seedDemoSite(handle, now);
  await loadOrCreateSecret(db, 'app');
  const admin = await createAdmin(db, {
    email: 'owner@example.org',
    password: 'a long enough password',
    name: 'Owner',
  });
  await db
    .insertInto('admin_preferences')
    .values({ user_id: admin.id, name: 'forum-notice', value: 'closed', updated_at: now })
    .execute();
  // Users and roles: an editor, and an invitation not yet accepted.
  await createUser(
    db,
    { email: 'editor@example.org', password: 'another long password', name: 'Eve' },
    'editor',
  );
  await inviteUser(db, { email: 'author@example.org', role: 'author', invitedBy: admin.id }, now);
  // An old address the owner sends to a page.
  await addOwnerRedirect(handle, { from: '/old-about/', to: '/about/' }, 'http://127.0.0.1');
  await writeFileSettings(db, {
    storage: 's3',
    s3Endpoint: s3.url,
    s3Bucket: fullSiteBucket,
    s3AccessKeyId: 'backup-test',
    s3SecretAccessKey: 'backup-test-secret',
  });
  const formId = (await db.selectFrom('forms').select('id').orderBy('id').executeTakeFirstOrThrow())
    .id;
  const entry = await db
    .insertInto('form_entries')
    .values({
      form_id: formId,
      status: 'entry',
      spam_reason: null,
      fields: JSON.stringify([
        { id: 1, type: 'text', label: 'Name', value: 'Zoë “quoted” \u2028' },
      ]),
      page_url: '/contact/',
      visitor_id: 'a1b2c3',
      user_agent: 'Mozilla/5.0',
      started_at: now - 60_000,
      submitted_at: now,
      created_at: now,
      fingerprint: 'fingerprint-1',
      payment_status: 'paid',
      payment_provider: 'offline',
      payment_reference: 'ORDER-1',
      currency: 'EUR',
      total: 12_345,
      order_summary: JSON.stringify({ total: 12_345 }),
      card_brand: null,
      card_last4: null,
      coupon_code: 'SPRING',
      coupon_held: 1,
      starred: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A file in the database, of three chunks with every byte value, and an empty one.
  const everyByte = Buffer.concat([
    Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    randomBytes(600_000),
  ]);
  for (const [key, bytes] of [
    ['0123456789abcdef0123456789abcdef', everyByte],
    ['fedcba9876543210fedcba9876543210', Buffer.alloc(0)],
  ] as const) {
    const file = await db
      .insertInto('form_files')
      .values({
        entry_id: entry.id,
        form_id: formId,
        field_id: 2,
        storage_key: key,
        backend: 'database',
        name: 'scan.pdf',
        mime: 'application/pdf',
        size: bytes.byteLength,
        complete: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await databaseStorage(db).write(
      { id: file.id, key, mime: 'application/pdf' },
      Readable.from([bytes]),
    );
  }
  // A file in S3, as a site that keeps them there has it.
  const s3Key = 'a0a0a0a0b1b1b1b1c2c2c2c2d3d3d3d3';
  s3.objects.set(`${fullSiteBucket}/${s3Key}`, {
    bytes: randomBytes(70_000),
    contentType: 'image/png',
  });
  await db
    .insertInto('form_files')
    .values({
      entry_id: entry.id,
      form_id: formId,
      field_id: 3,
      storage_key: s3Key,
      backend: 's3',
      bucket: fullSiteBucket,
      name: 'photo.png',
      mime: 'image/png',
      size: 70_000,
      complete: 1,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('payment_events')
    .values({
      provider: 'stripe',
      event_id: 'evt_1',
      entry_id: entry.id,
      type: 'payment_intent.succeeded',
      received_at: now,
      outcome: 'applied',
    })
    .execute();
  await db
    .insertInto('captcha_spent_challenges')
    .values({ signature: 'sig-1', expires_at: now + 3_600_000 })
    .execute();
  await db
    .insertInto('mail_outbox')
    .values({
      message: JSON.stringify({ to: 'owner@example.org', subject: 'New entry' }),
      status: 'sent',
      attempts: 1,
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      created_at: now,
      sent_at: now,
      hold_key: null,
    })
    .execute();
  await db
    .insertInto('subscribers')
    .values([
      {
        feed_id: 1,
        email: 'reader@example.org',
        status: 'confirmed',
        created_at: now,
        confirmed_at: now,
        unsubscribed_at: null,
      },
      {
        feed_id: 1001,
        email: 'pending@example.org',
        status: 'pending',
        created_at: now,
        confirmed_at: null,
        unsubscribed_at: null,
      },
    ])
    .execute();
  const post = await db.selectFrom('posts').select('id').orderBy('id').executeTakeFirstOrThrow();
  await db
    .insertInto('announced_posts')
    .values({ post_id: post.id, recipients: 1, announced_at: now })
    .execute();
  const day = Math.floor(now / 86_400_000);
  await db
    .insertInto('stat_hits')
    .values({
      at: now,
      day,
      type: 'pageview',
      path: '/hello/',
      title: 'Hello',
      referrer: 'example.com/page',
      referrer_host: 'example.com',
      utm_source: 'news',
      utm_medium: 'mail',
      utm_campaign: 'spring',
      utm_term: null,
      utm_content: null,
      click_id: 'gclid',
      screen_width: 390,
      screen_height: 844,
      viewport_width: 390,
      viewport_height: 700,
      charset: 'UTF-8',
      color_depth: 24,
      event_category: null,
      event_action: null,
      event_label: null,
      event_value: null,
      visitor: 'visitor-hash',
    })
    .execute();
  await db
    .insertInto('stat_daily')
    .values({
      dimension: 'page',
      day: day - 1,
      value: '/hello/',
      views: 10,
      visitors: 7,
      value_total: 0,
    })
    .execute();
  await db
    .insertInto('stat_rolled_days')
    .values({ day: day - 1, hits: 10, rolled_at: now })
    .execute();
  await db.insertInto('stat_drops').values({ day, reason: 'bot', count: 3 }).execute();
  await db.insertInto('stat_salts').values({ day, salt: 'salt-of-the-day' }).execute();
  // A finished WordPress import and what one of its posts became, comments kept.
  const run = await db
    .insertInto('import_runs')
    .values({
      source: 'wordpress',
      file: 'imports/1-export.xml',
      file_name: 'export.xml',
      options: '{"mediaDir":"/srv/old/uploads"}',
      status: 'done',
      phase: 'done',
      done: 1,
      total: 1,
      report: '{"counts":{"post":{"imported":1}}}',
      created_by: admin.id,
      created_at: now,
      started_at: now,
      finished_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('import_items')
    .values({
      source: 'wordpress',
      site: 'https://old.example.org',
      kind: 'post',
      source_id: '42',
      target_id: 1,
      fingerprint: 'f1',
      kept: '{"comments":[{"author":"Ann","content":"Lovely ✓"}]}',
      run_id: run.id,
      updated_at: now,
    })
    .execute();
  // What a backup leaves out, so that a restore is seen to leave it out.
  await db
    .insertInto('sessions')
    .values({
      token_hash: 'session-hash',
      user_id: admin.id,
      created_at: now,
      expires_at: now + 1,
      last_seen_at: now,
    })
    .execute();
  // A deleted post: its id is not given again after a restore either.
  const gone = await db
    .insertInto('tags')
    .values({ name: 'Gone', slug: 'gone', description: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('tags').where('id', '=', gone.id).execute();
}

/** The backed-up tables that have no rows: a fixture that misses a table (a new one) fails. */
export async function emptyTables(handle: DatabaseHandle): Promise<string[]> {
  const { included } = await readSiteTables(handle.db, handle.kind);
  const empty: string[] = [];
  for (const table of included) {
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table.name)}`.execute(handle.db);
    if (Number(rows[0]?.n) === 0) empty.push(table.name);
  }
  return empty;
}

/**
 * Every backed-up table's rows with binary values as their size and SHA-256, each table's in one
 * order (by their text: PostgreSQL and SQLite may order text keys differently): to compare sites.
 */
export async function siteRows(handle: DatabaseHandle): Promise<Record<string, unknown[]>> {
  const { included } = await readSiteTables(handle.db, handle.kind);
  const result: Record<string, unknown[]> = {};
  for (const table of included) {
    const columns = sql.join(table.columns.map((column) => sql.ref(column.name)));
    const order = sql.join(table.primaryKey.map((column) => sql.ref(column)));
    const { rows } = await sql<Record<string, unknown>>`
      select ${columns} from ${sql.table(table.name)} order by ${order}`.execute(handle.db);
    result[table.name] = rows
      .map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([name, value]) => [
            name,
            value instanceof Uint8Array
              ? `${value.byteLength} bytes, sha256 ${createHash('sha256').update(value).digest('hex')}`
              : value,
          ]),
        ),
      )
      .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  }
  return result;
}
