import { type AjaxContext, formAjaxActions } from '../features/forms/server/ajax-actions.ts';
import { AjaxRouter } from '../platform/ajax/ajax-router.ts';
import { takeRateLimit } from '../platform/rate-limit.ts';

/**
 * The `/ajax` endpoint's actions, from every feature that has some. Their rate limits are
 * counted per client in the database, so every worker and instance shares them.
 */
export const ajaxRouter = new AjaxRouter<AjaxContext>({
  takeRateLimit: ({ app, client }, rule) =>
    takeRateLimit(app.database.db, app.secret, rule, client),
  onError: (error, action, { app }) =>
    app.log.error(`AJAX action ${action} failed`, {
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
}).register(...formAjaxActions);
