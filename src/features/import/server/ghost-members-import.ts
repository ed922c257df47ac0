import { readGhostMembers } from '../ghost-members.ts';
import { ghostMessages as g } from '../messages.ts';
import type { ImportWriters } from './import-dependencies.ts';
import { countOutcome, type ImportReport } from './import-runs.ts';

/** The members file cannot be imported at all (no e-mail column); the message is the owner's. */
export class GhostMembersError extends Error {
  override name = 'GhostMembersError';
}

/** Addresses added at a time (each batch is written on its own, so a stopped run loses none). */
const batchSize = 1000;

/**
 * Ghost's members CSV (decision 0065): those Ghost says are subscribed become confirmed
 * subscribers of the site's feed, through the subscriber list's own import, so an address already
 * there (a second run) is left as it is and one that unsubscribed here is never added again. The
 * others are skipped with the reason, each problem with its line.
 */
export async function importGhostMembers(context: {
  writers: ImportWriters;
  dryRun: boolean;
  text: string;
  report: ImportReport;
  progress: (phase: string, done: number, total: number) => Promise<void>;
}): Promise<void> {
  const { writers, dryRun, report } = context;
  const read = readGhostMembers(context.text);
  if (read.fileError !== undefined && read.members.length === 0 && read.problems.length === 0) {
    throw new GhostMembersError(read.fileError);
  }
  if (read.fileError !== undefined) report.notes.push(read.fileError);
  const problem = (line: number, reason: string) =>
    report.problems.push({ kind: 'member', sourceId: `line ${line}`, title: '', reason });
  for (const { line, message } of read.problems) {
    countOutcome(report, 'member', 'failed');
    problem(line, message);
  }
  const subscribed = read.members.filter((member) => member.subscribed);
  for (const member of read.members) {
    if (member.subscribed) continue;
    countOutcome(report, 'member', 'skipped');
    problem(member.line, g.memberNotSubscribed);
  }
  const lineOf = new Map(subscribed.map((member) => [member.email, member.line]));
  for (let start = 0; start < subscribed.length; start += batchSize) {
    await context.progress('members', start, subscribed.length);
    const batch = subscribed.slice(start, start + batchSize).map((member) => member.email);
    const { added, unchanged } = await writers.subscribe(batch, dryRun);
    if (added > 0) countOutcome(report, 'member', 'imported', added);
    for (const { email, unsubscribed, reason } of unchanged) {
      countOutcome(report, 'member', 'skipped');
      // One already subscribed is what a second run finds; one who left is worth saying.
      if (unsubscribed) problem(lineOf.get(email) ?? 0, reason);
    }
  }
  report.problems.sort((a, b) => lineNumber(a.sourceId) - lineNumber(b.sourceId));
}

const lineNumber = (sourceId: string) => Number(sourceId.replace(/^line /, '')) || 0;
