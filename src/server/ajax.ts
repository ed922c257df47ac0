import {
  type AdminAjaxContext,
  adminAjaxActions,
} from '../features/admin/server/notice-actions.ts';
import { type FormsAjaxContext, formAjaxActions } from '../features/forms/server/ajax-actions.ts';
import { submissionUploads } from '../features/forms/server/files-uploads.ts';
import { AjaxRouter } from '../platform/ajax/ajax-router.ts';
import { takeRateLimit } from '../platform/rate-limit.ts';
import type { AppContext } from './boot.ts';

/** A call as the router sees it: the app for its own limits and log, and what each feature's actions take. */
type AjaxCall = FormsAjaxContext & AdminAjaxContext & { app: AppContext };

/**
 * The `/ajax` endpoint's actions, from every feature that has some. Their rate limits are
 * counted per client in the database, so every worker and instance shares them.
 */
export const ajaxRouter = new AjaxRouter<AjaxCall>({
  takeRateLimit: ({ app, client }, rule) =>
    takeRateLimit(app.database.db, app.secret, rule, client),
  onError: (error, action, { app }) =>
    app.log.error(`AJAX action ${action} failed`, {
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  // A submission's files are streamed to the forms' storage as they arrive.
  uploads: ({ forms }) => submissionUploads(forms),
})
  .register(...formAjaxActions)
  .register(...adminAjaxActions);
