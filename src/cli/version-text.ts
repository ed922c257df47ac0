import { parse as parsePostgresUrl } from 'pg-connection-string';
import type { Config } from '../platform/config.ts';
import type { SchemaState } from '../platform/db/migrate.ts';

/** The database as an operator names it: its file, or PostgreSQL's host, port and name (never the password). */
export function databaseName(database: Config['database']): string {
  if (database.kind === 'sqlite') return `SQLite ${database.file}`;
  const { host, port, database: name } = parsePostgresUrl(database.url);
  return `PostgreSQL ${host || 'localhost'}:${port || 5432}/${name ?? ''}`;
}

/** `quire version`: this build, and where the database's schema stands against it. */
export function formatVersion(
  build: { quire: string; node: string },
  database: string,
  schema: SchemaState,
): string {
  const lines = [`Quire ${build.quire} on Node.js ${build.node}`, `Database: ${database}`];
  const last = schema.applied.at(-1);
  if (schema.unknown.length > 0) {
    lines.push(
      `Schema: made by a newer Quire (it has run ${schema.unknown.join(', ')}, which this build does not know). Run that newer build, or restore a backup made before the upgrade.`,
    );
  } else if (schema.applied.length === 0) {
    lines.push(
      `Schema: none yet; the first start creates it (${schema.pending.length} migrations).`,
    );
  } else if (schema.pending.length > 0) {
    lines.push(
      `Schema: ${last}; the next start runs ${schema.pending.length} more: ${schema.pending.join(', ')}.`,
    );
  } else {
    lines.push(`Schema: ${last}, up to date (${schema.applied.length} migrations).`);
  }
  return lines.join('\n');
}
