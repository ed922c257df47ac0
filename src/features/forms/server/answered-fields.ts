import type { DatabaseHandle } from '../../../platform/db/connect.ts';
import { answeredFieldsPageSql } from '../../../platform/db/dialect-sql.ts';
import type { FormEntryStatus } from '../../../platform/db/schema.ts';
import type { FieldIdentity } from '../field-ids.ts';

/** Entries read per query; each page is a short query (on SQLite, a short stop of the loop). */
const pageSize = 2000;

/**
 * The fields a form's entries (of one status, or all) hold answers for, as the answers carry
 * them: each id and type once, with the newest label, newest first. Fields since deleted from
 * the form are among them: their answers keep their id, type and label.
 */
export async function answeredFields(
  { db, kind }: DatabaseHandle,
  formId: number,
  status?: FormEntryStatus,
): Promise<FieldIdentity[]> {
  const found = new Map<string, FieldIdentity>();
  let before: number | undefined;
  for (;;) {
    const { rows } = await answeredFieldsPageSql(kind, {
      formId,
      status,
      before,
      size: pageSize,
    }).execute(db);
    for (const row of rows) {
      if (row.id === null) continue;
      const field = { id: Number(row.id), type: String(row.type), label: String(row.label) };
      const key = `${field.id} ${field.type}`;
      // Pages come newest first: the first label met is the newest.
      if (!found.has(key)) found.set(key, field);
    }
    const first = rows[0];
    if (!first || Number(first.page_size) < pageSize) return [...found.values()];
    before = Number(first.page_end);
  }
}
