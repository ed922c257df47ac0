import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationList } from './migration-list.ts';

const names = migrationList.map((migration) => migration.name);
const migrationFiles = readdirSync(import.meta.dirname).filter((file) =>
  /^\d{4}-\d{2}-\d{2}-\d{3}-[a-z-]+\.ts$/.test(file),
);

describe('the migration list', () => {
  it('is in name order, the order Kysely runs migrations in', () => {
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
  });

  it('lists every migration file under its file name, and no other', () => {
    expect(names.map((name) => `${name}.ts`)).toEqual(migrationFiles.sort());
  });

  it('runs each name with the function its own file exports', async () => {
    for (const { name, up } of migrationList) {
      const file: Record<string, unknown> = await import(join(import.meta.dirname, `${name}.ts`));
      expect(Object.values(file), name).toContain(up);
    }
  });

  it('only add to the schema, so the previous release keeps running beside a migrated one', () => {
    // During a rolling upgrade the old code runs on the new schema (README, Upgrading): a
    // release that must rename or remove something says so and is not rolled.
    const takesAway =
      /\.(dropTable|dropColumn|dropIndex|dropConstraint|renameTo|renameColumn|alterColumn|modifyColumn)\(|\b(drop|rename)\s+(table|column|index|constraint)\b|\balter\s+column\b/i;
    for (const file of migrationFiles) {
      const code = readFileSync(join(import.meta.dirname, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      expect(code, file).not.toMatch(takesAway);
    }
  });
});
