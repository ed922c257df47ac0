import { sql } from 'kysely';
import type { MigrationStep } from './schema-sql.ts';

/**
 * The demo is offered once per database (decision 0053): a site already in use (it has users,
 * posts or site settings) is marked as having been offered it, so a site whose demo was removed
 * or that started empty is not given the demo again at its next start. A new database has none
 * of these and gets the demo at its first start, which marks it then.
 */
export const markDemoOffered: MigrationStep = async (db) => {
  await sql`
    insert into settings (key, value)
    select 'demo-offered', '{"at":0}'
    where not exists (select 1 from settings where key = 'demo-offered')
      and (exists (select 1 from users)
        or exists (select 1 from posts)
        or exists (select 1 from settings where key = 'site'))
  `.execute(db);
};
