import { expect } from 'vitest';
import type { ImportDependencies } from '../../src/features/import/server/import-dependencies.ts';
import { claimImportRun, findImportRun } from '../../src/features/import/server/import-runs.ts';
import type { MediaSource } from '../../src/features/import/server/media-source.ts';
import { runImport } from '../../src/features/import/server/run-import.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { createLogger } from '../../src/platform/log.ts';
import { importDependencies } from '../../src/server/import-wiring.ts';

/**
 * The import's dependencies as the worker wires them on `database`, with its files under
 * `dataDir`, except that every run takes its images from `media` (a folder standing in for the
 * old site), never from the network.
 */
export function importDependenciesWithMedia(
  database: DatabaseHandle,
  dataDir: string,
  media: MediaSource,
): ImportDependencies {
  return {
    ...importDependencies({ database, log: createLogger('silent'), dataDir }),
    mediaSource: () => media,
  };
}

/**
 * Claims the waiting run `id` as `worker` and runs it to its end in this process, as the import
 * worker does: its outcome, and the run as the import record holds it afterwards.
 */
export async function claimAndRunImport(deps: ImportDependencies, id: number, worker = 'test') {
  const { db } = deps.database;
  expect(await claimImportRun(db, id, worker)).toBe(true);
  const outcome = await runImport(deps, id, worker);
  const run = await findImportRun(db, id);
  return { outcome, run: run!, report: run!.report };
}
