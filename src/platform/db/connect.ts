import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = Config['database']['kind'];

export type Db = Kysely<Database>;

export type DatabaseHandle = { db: Db; kind: DatabaseKind };

const int8 = 20;
const numeric = 1700;

export function connectDatabase(database: Config['database']): DatabaseHandle {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      types: {
        // Epoch-millisecond times and counts fit a double exactly; read them as numbers.
        getTypeParser: (oid: number, format?: 'text' | 'binary') =>
          oid === int8 || oid === numeric ? Number : pg.types.getTypeParser(oid, format),
      },
    });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      kind: 'postgres',
    };
  }
  const file = database.file;
  return {
    kind: 'sqlite',
    db: new Kysely<Database>({
      dialect: new NodeSqliteDialect(() => {
        if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
        const sqlite = new DatabaseSync(file);
        sqlite.exec(
          'pragma busy_timeout = 5000; pragma journal_mode = wal; pragma synchronous = normal; pragma foreign_keys = on;',
        );
        // From here on a locked database is waited for with timers (node-sqlite-dialect.ts).
        sqlite.exec('pragma busy_timeout = 5;');
        return sqlite;
      }),
    }),
  };
}
