import { announceNewPosts } from '../features/share/server/announce-posts.ts';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import type { AppContext } from './boot.ts';

export const defaultAnnounceIntervalMs = 5000;

/**
 * Mails new posts to their subscribers from every serving process: there is no job runner and
 * a scheduled post appears by time alone, so each process looks every few seconds (one indexed
 * query) and the `announced_posts` claim keeps two of them from mailing a post twice.
 * Returns a stop function that waits for a run in flight.
 */
export function startPostAnnouncer(
  app: AppContext,
  intervalMs = defaultAnnounceIntervalMs,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const run = async () => {
    const { title } = await readSiteSettings(app.database.db, app.log);
    const report = await announceNewPosts(app.database, {
      secret: app.secret,
      siteUrl: app.config.siteUrl,
      siteTitle: title,
    });
    if (report.posts > 0) {
      app.log.info(`Announced ${report.posts} new post(s) to subscribers`, report);
      if (report.mails > 0) app.mail.deliverSoon();
    }
  };
  const tick = () => {
    if (running) return;
    running = run()
      .catch((error: unknown) => {
        app.log.warn(
          `Announcing new posts failed: ${error instanceof Error ? error.message : error}`,
        );
      })
      .finally(() => {
        running = undefined;
      });
  };
  const interval = setInterval(tick, intervalMs);
  interval.unref();
  tick();
  return async () => {
    clearInterval(interval);
    await running;
  };
}
