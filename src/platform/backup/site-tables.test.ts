import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import {
  dependencyOrder,
  excludedTables,
  readSiteTables,
  type SiteTable,
  type SiteTables,
} from './site-tables.ts';

/** The tables `schema.ts` declares for Kysely: what the code reads and writes. */
function declaredTables(): string[] {
  const schema = readFileSync(join(import.meta.dirname, '../db/schema.ts'), 'utf8');
  const body = /export interface Database \{([^}]*)\}/.exec(schema)?.[1] ?? '';
  return [...body.matchAll(/^\s*([a-z_]+):/gm)].map((match) => match[1] as string).sort();
}

describe('the tables a backup holds', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let tables: SiteTables;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quire-tables-'));
    handle = connectDatabase({ kind: 'sqlite', file: join(dir, 'site.db') });
    await migrateToLatest(handle.db, handle.kind);
    tables = await readSiteTables(handle.db, handle.kind);
  });
  afterAll(async () => {
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are every declared table but the explicitly excluded ones: a new table is backed up unless listed', () => {
    const declared = declaredTables();
    expect(declared.length).toBeGreaterThan(20);
    const backedUp = tables.included.map((table) => table.name).sort();
    expect(backedUp).toEqual(declared.filter((name) => !(name in excludedTables)));
    expect(tables.excluded).toEqual(Object.keys(excludedTables).sort());
  });

  it('excludes only tables that exist, each with its reason', () => {
    const declared = new Set(declaredTables());
    for (const [name, reason] of Object.entries(excludedTables)) {
      expect(declared.has(name), name).toBe(true);
      expect(reason.length).toBeGreaterThan(10);
    }
  });

  it('reads each table by its primary key and loads it after the tables it refers to', () => {
    const position = new Map(tables.included.map((table, index) => [table.name, index]));
    for (const table of tables.included) {
      expect(table.primaryKey.length, table.name).toBeGreaterThan(0);
      for (const parent of table.references) {
        if (position.has(parent))
          expect(position.get(parent)).toBeLessThan(position.get(table.name) ?? -1);
      }
    }
    const posts = tables.included.find((table) => table.name === 'posts');
    expect(posts?.references).toContain('media');
    expect(posts?.idColumn).toBe('id');
    expect(tables.included.find((table) => table.name === 'media')?.columns).toContainEqual({
      name: 'bytes',
      binary: true,
    });
  });

  it('refuses tables that refer to each other in a cycle', () => {
    const table = (name: string, references: string[]): SiteTable => ({
      name,
      columns: [],
      primaryKey: ['id'],
      references,
      idColumn: 'id',
    });
    expect(() => dependencyOrder([table('a', ['b']), table('b', ['a'])])).toThrow(/cycle/);
    expect(
      dependencyOrder([table('child', ['parent']), table('parent', [])]).map((t) => t.name),
    ).toEqual(['parent', 'child']);
  });
});
