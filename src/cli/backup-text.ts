import { formatSize } from '../features/admin/backup-messages.ts';
import type { BackupManifest } from '../platform/backup/backup-format.ts';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The tables with rows, as `posts 12, media 3`; empty tables are counted, not named. */
function tableLines(rows: ReadonlyMap<string, number>): string[] {
  const filled = [...rows].filter(([, n]) => n > 0);
  const empty = rows.size - filled.length;
  return [
    ...filled.map(([name, n]) => `  ${name.padEnd(26)} ${n.toLocaleString('en-US').padStart(10)}`),
    ...(empty > 0 ? [`  (${count(empty, 'empty table', 'empty tables')})`] : []),
  ];
}

/** What `quire backup` wrote. */
export function formatBackupDone(
  manifest: BackupManifest,
  file: string,
  bytes: number,
  ms: number,
): string {
  const rows = new Map(manifest.tables.map((table) => [table.name, table.rows]));
  const total = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  return [
    `Backed up ${count(manifest.tables.length, 'table', 'tables')} (${count(total, 'row', 'rows')}) and ${count(manifest.files.count, 'form file', 'form files')} kept in S3 to ${file}: ${formatSize(bytes)} in ${(ms / 1000).toFixed(1)} s.`,
    ...tableLines(rows),
    `Left out: ${manifest.excluded.join(', ')}. Schema: ${manifest.migrations.at(-1) ?? 'none'}.`,
  ].join('\n');
}

/** What `quire restore` loaded. */
export function formatRestoreDone(
  manifest: BackupManifest,
  rows: ReadonlyMap<string, number>,
  files: number,
  migratedAfter: readonly string[],
): string {
  const total = [...rows.values()].reduce((sum, n) => sum + n, 0);
  return [
    `Restored the backup of ${manifest.createdAt} (Quire ${manifest.quireVersion}, ${manifest.database}): ${count(rows.size, 'table', 'tables')}, ${count(total, 'row', 'rows')}, ${count(files, 'form file', 'form files')} put back in S3.`,
    ...tableLines(rows),
    migratedAfter.length > 0
      ? `Then migrated the schema from ${manifest.migrations.at(-1)} to this Quire’s: ${migratedAfter.join(', ')}.`
      : `Schema: ${manifest.migrations.at(-1) ?? 'none'}, this Quire’s own.`,
    'Start the site now (restart it if it was running: its signing secret is now the backup’s). Everyone signs in again: sign-in sessions are not in a backup.',
  ].join('\n');
}
