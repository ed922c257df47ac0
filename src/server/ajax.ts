import { type AjaxContext, formAjaxActions } from '../features/forms/server/ajax-actions.ts';
import { AjaxRouter } from '../platform/ajax/ajax-router.ts';

/** The `/ajax` endpoint's actions, from every feature that has some. */
export const ajaxRouter = new AjaxRouter<AjaxContext>().register(...formAjaxActions);
