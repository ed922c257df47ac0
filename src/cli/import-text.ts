import type { ImportReport } from '../features/import/server/import-runs.ts';

const phases: Record<string, string> = {
  reading: 'Reading the export',
  media: 'Authors, tags, images and forms',
  posts: 'Posts and pages',
  addresses: 'Old addresses',
  members: 'Members',
};

/** One line of progress, as the terminal shows it while an import runs. */
export function formatImportProgress(phase: string, done: number, total: number): string {
  const name = phases[phase] ?? phase;
  return total > 0 ? `${name}: ${done} of ${total}` : `${name}: ${done}`;
}

/** An import's report as the terminal shows it: counts per kind, then what needs reading. */
export function formatImportReport(report: ImportReport): string {
  const lines = [report.dryRun ? 'Dry run: nothing was written. It would do this:' : 'Imported:'];
  const kinds = Object.entries(report.counts);
  if (kinds.length === 0) lines.push('  nothing');
  for (const [kind, count] of kinds) {
    lines.push(
      `  ${kind}: ${count.imported} imported, ${count.updated} updated, ${count.skipped} skipped, ${count.failed} failed`,
    );
  }
  if (report.problems.length > 0) {
    lines.push('', 'Not imported:');
    for (const problem of report.problems) {
      lines.push(`  ${problem.kind} ${problem.sourceId} “${problem.title}”: ${problem.reason}`);
    }
  }
  const shortcodes = Object.entries(report.unknownShortcodes);
  if (shortcodes.length > 0) {
    lines.push('', 'Shortcodes Quire does not know (left out, the text inside them kept):');
    for (const [name, use] of shortcodes) {
      lines.push(`  [${name}] ${use.count}× in ${use.posts.map((post) => `“${post}”`).join(', ')}`);
    }
  }
  if (report.notes.length > 0) {
    lines.push('', 'Notes:');
    for (const note of report.notes) lines.push(`  ${note}`);
  }
  return `${lines.join('\n')}\n`;
}
