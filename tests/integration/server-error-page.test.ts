import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let handle: DatabaseHandle;

beforeAll(async () => {
  server = await startTestServer();
  handle = connectDatabase({ kind: 'sqlite', file: join(server.dataDir, 'quire.db') });
});
afterAll(async () => {
  await handle?.db.destroy();
  await server?.stop();
});

describe('a page that fails while rendering', () => {
  it('answers 500 with the error page, never "Page not found", and does not cache it', async () => {
    // A table the topic page reads disappears, as in a botched restore or a database drop.
    await sql`ALTER TABLE post_tags RENAME TO post_tags_away`.execute(handle.db);
    try {
      const failed = await fetch(`${server.url}/tag/making/`);
      expect(failed.status).toBe(500);
      expect(failed.headers.get('cache-control')).toBe('no-store');
      const html = await failed.text();
      expect(html).toContain('<h1>Something went wrong</h1>');
      expect(html).toContain('role="alert"');
      expect(html).not.toContain('Page not found');
    } finally {
      await sql`ALTER TABLE post_tags_away RENAME TO post_tags`.execute(handle.db);
    }
    const recovered = await fetch(`${server.url}/tag/making/`);
    expect(recovered.status).toBe(200);
    expect(recovered.headers.get('x-cache')).toBe('MISS');
    expect(await recovered.text()).toContain('Topic: Making');
  });
});
