import { renderMarkdown, sanitiseStoredHtml } from '../../../platform/markdown.ts';
import { isSafeRedirectTarget } from '../../../platform/redirect-target.ts';
import type { SanitisedHtml } from '../../../platform/sanitised-html.ts';
import { defaultConfirmationMessage, type StoredForm } from '../form-definition.ts';
import type { FormBlocks } from '../public-form.ts';
import type { FormsDependencies } from './forms-dependencies.ts';
import { findForm } from './forms-store.ts';

/** A form as the server uses it: the definition, its confirmation and blocks rendered once. */
export type LoadedForm = StoredForm & { confirmationHtml: SanitisedHtml; blocks: FormBlocks };

/** Loads a form once per content version (forms change rarely, and pages share them). */
export async function loadForm(
  deps: FormsDependencies,
  id: number,
): Promise<LoadedForm | undefined> {
  await deps.contentCache.refresh();
  return deps.contentCache.memo(`form:${id}`, async () => {
    const form = await findForm(deps.db, id);
    if (!form) return undefined;
    let { confirmation } = form.definition.settings;
    // A redirect stored before targets were checked (or written around saveForm) that could
    // lead off the site is not followed: the form thanks the visitor in place instead.
    if (confirmation.type === 'redirect' && !isSafeRedirectTarget(confirmation.url)) {
      deps.log.warn('A form redirects to an unsafe address; it confirms in place', { form: id });
      confirmation = { type: 'message', message: defaultConfirmationMessage };
    }
    const settings = { ...form.definition.settings, confirmation };
    const blocks: FormBlocks = {};
    for (const field of form.definition.fields) {
      if (field.type === 'content') blocks[field.id] = sanitiseStoredHtml(field.html);
      if (field.type === 'html') blocks[field.id] = sanitiseStoredHtml(field.code);
    }
    return {
      ...form,
      definition: { ...form.definition, settings },
      confirmationHtml: renderMarkdown(confirmation.type === 'message' ? confirmation.message : ''),
      blocks,
    };
  });
}
