import { EditConflict } from '../../../platform/edit-conflict.ts';
import { importMessages as m } from '../messages.ts';
import type { ImportedPost, ImportWriters } from './import-dependencies.ts';
import type { ImportLedger, LedgerDecision } from './import-ledger.ts';

/**
 * Writes an old post or page the import record says is new or changed (decision 0063), the same
 * for WordPress and Ghost: a changed one is updated in place unless the owner deleted it (not
 * made again) or edited it since the import last wrote it (left as it is); either is reported.
 * Answers the slug it has here, undefined when there is none.
 */
export async function writeImportedPost(
  context: { ledger: ImportLedger; writers: ImportWriters },
  entry: {
    sourceId: string;
    post: ImportedPost;
    decision: Exclude<LedgerDecision, { state: 'same' }>;
    fingerprint: string;
    kept: Record<string, unknown>;
  },
): Promise<string | undefined> {
  const { ledger, writers } = context;
  const { sourceId, post, decision, fingerprint, kept } = entry;
  const type = post.type;
  const skip = (reason: string) => {
    ledger.count(type, 'skipped');
    ledger.report.problems.push({ kind: type, sourceId, title: post.title, reason });
  };
  try {
    if (decision.state === 'changed' && decision.targetId !== null) {
      const current = await writers.findPost(decision.targetId);
      if (!current) {
        skip(m.deletedInQuire);
        return undefined;
      }
      const revision =
        typeof decision.kept.revision === 'number' ? decision.kept.revision : undefined;
      const saved = await writers.savePost(post, decision.targetId, revision);
      await ledger.record(type, sourceId, {
        targetId: saved.id,
        fingerprint,
        outcome: 'updated',
        kept: { ...kept, revision: saved.revision },
      });
      return saved.slug;
    }
    const saved = await writers.savePost(post);
    await ledger.record(type, sourceId, {
      targetId: saved.id,
      fingerprint,
      outcome: 'imported',
      kept: { ...kept, revision: saved.revision },
    });
    return saved.slug;
  } catch (error) {
    if (error instanceof EditConflict) {
      skip(m.changedInQuire);
      const id = decision.state === 'changed' ? decision.targetId : null;
      return id === null ? undefined : (await writers.findPost(id))?.slug;
    }
    ledger.fail(type, sourceId, post.title, (error as Error).message);
    return undefined;
  }
}
