import {
  deleteImages,
  markImagesUsed,
  sweepOrphanVariants,
  unclaimedUploads,
} from '../features/content/server/media-library.ts';
import type { AppContext } from './boot.ts';
import { imageUses } from './media-uses.ts';
import { startPeriodicTask } from './periodic-task.ts';

export const mediaSweepIntervalMs = 60 * 60_000;

type SweepDeps = Pick<AppContext, 'database' | 'log' | 'mediaCacheDir'>;

/**
 * Deletes the editor's uploads that no saved post, page or setting has used within a day of
 * being uploaded (an image dropped into a post that was then never saved). What uses them now is
 * checked first: one found in use (a form, a post saved by some other way) is marked used and
 * kept. Safe on several instances at once: the deletion repeats the "never used" condition, so
 * a save that used one meanwhile keeps it, and deleting a row twice deletes it once. Answers
 * how many were deleted.
 */
export async function sweepUnclaimedImages(deps: SweepDeps, now = Date.now()): Promise<number> {
  const { db } = deps.database;
  const candidates = await unclaimedUploads(db, now);
  if (candidates.length === 0) return 0;
  const uses = await imageUses(deps);
  await markImagesUsed(
    db,
    candidates.filter((id) => uses.has(id)),
    now,
  );
  const unused = candidates.filter((id) => !uses.has(id));
  const gone = await deleteImages(db, unused, deps.mediaCacheDir, { unclaimedOnly: true });
  return gone.length;
}

/**
 * From every serving process, hourly: the editor's unclaimed uploads (above), and this
 * instance's resized copies of images deleted anywhere (its disk cache is its own).
 */
export function startMediaSweep(app: AppContext, intervalMs = mediaSweepIntervalMs) {
  return startPeriodicTask(
    app.log,
    'Media sweep',
    async () => {
      const removed = await sweepUnclaimedImages(app);
      if (removed > 0) {
        app.log.info('Removed images uploaded in the editor that no saved post used', {
          images: removed,
        });
      }
      await sweepOrphanVariants(app.database.db, app.mediaCacheDir);
    },
    intervalMs,
  );
}
