import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimImportRun,
  countOutcome,
  createImportRun,
  emptyReport,
  findImportItem,
  findImportRun,
  finishImportRun,
  importHeartbeatStaleMs,
  listImportRuns,
  nextClaimableRun,
  recordImportItem,
  reportImportProgress,
} from '../../src/features/import/server/import-runs.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';

for (const database of testDatabases()) {
  describe(`the import record on ${database.name}`, () => {
    let handle: DatabaseHandle & { close: () => Promise<void> };
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(() => handle?.close());

    const start = 1_800_000_000_000;
    const newRun = () =>
      createImportRun(
        handle.db,
        {
          source: 'wordpress',
          file: 'imports/export.xml',
          fileName: 'export.xml',
          options: { mediaDir: '/srv/uploads', dryRun: false },
          createdBy: null,
        },
        start,
      );

    it('is claimed by one process only, and taken over once that process goes quiet', async () => {
      const id = await newRun();
      expect(await nextClaimableRun(handle.db, start)).toBe(id);
      const claims = await Promise.all(
        ['a', 'b', 'c'].map((worker) => claimImportRun(handle.db, id, worker, start)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      const holder = ['a', 'b', 'c'][claims.indexOf(true)] as string;
      const other = holder === 'a' ? 'b' : 'a';

      const report = emptyReport();
      countOutcome(report, 'post', 'imported', 3);
      const beat = start + 10_000;
      const progress = { phase: 'posts', done: 3, total: 10, report };
      expect(await reportImportProgress(handle.db, id, holder, progress, beat)).toBe(true);
      expect(await reportImportProgress(handle.db, id, other, progress, beat)).toBe(false);
      // Still alive: nobody else may take it.
      expect(await nextClaimableRun(handle.db, beat + 1000)).toBeUndefined();
      expect(await claimImportRun(handle.db, id, other, beat + 1000)).toBe(false);

      // The holder died: after the heartbeat went stale, another process resumes it.
      const later = beat + importHeartbeatStaleMs + 1;
      expect(await nextClaimableRun(handle.db, later)).toBe(id);
      expect(await claimImportRun(handle.db, id, other, later)).toBe(true);
      // The old holder, back from a pause, finds it taken and stops.
      expect(await reportImportProgress(handle.db, id, holder, progress, later + 1)).toBe(false);
      expect(
        await finishImportRun(handle.db, id, holder, { status: 'done', report }, later + 2),
      ).toBe(false);

      countOutcome(report, 'post', 'skipped', 7);
      expect(
        await finishImportRun(handle.db, id, other, { status: 'done', report }, later + 3),
      ).toBe(true);
      const run = await findImportRun(handle.db, id);
      expect(run).toMatchObject({
        status: 'done',
        phase: 'done',
        done: 3,
        total: 10,
        started_at: start,
        finished_at: later + 3,
        options: { mediaDir: '/srv/uploads', dryRun: false },
      });
      expect(run?.report.counts.post).toEqual({ imported: 3, updated: 0, skipped: 7, failed: 0 });
      // A finished run is never claimed again.
      expect(await claimImportRun(handle.db, id, 'c', later + importHeartbeatStaleMs * 2)).toBe(
        false,
      );
      expect((await listImportRuns(handle.db)).map((r) => r.id)).toContain(id);
    });

    it('remembers what each thing of the old site became, one row per thing', async () => {
      const runId = await newRun();
      const key = {
        source: 'wordpress',
        site: 'https://old.example.org',
        kind: 'post',
        sourceId: '42',
      };
      expect(await findImportItem(handle.db, key)).toBeUndefined();
      await recordImportItem(handle.db, { ...key, targetId: 7, fingerprint: 'one', runId }, start);
      const kept = { comments: [{ author: 'Zoë', content: 'Lovely ✓' }] };
      await recordImportItem(
        handle.db,
        { ...key, targetId: 7, fingerprint: 'two', kept, runId },
        start + 1,
      );
      const item = await findImportItem(handle.db, key);
      expect(item).toMatchObject({ target_id: 7, fingerprint: 'two', updated_at: start + 1 });
      expect(JSON.parse(item?.kept ?? 'null')).toEqual(kept);
      // The same id on another old site is another thing.
      expect(await findImportItem(handle.db, { ...key, site: 'https://other.example' })).toBe(
        undefined,
      );
      const rows = await handle.db.selectFrom('import_items').select('source_id').execute();
      expect(rows).toHaveLength(1);
    });
  });
}
