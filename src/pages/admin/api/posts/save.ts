import type { APIRoute } from 'astro';
import { editorMessages } from '../../../../features/admin/messages.ts';
import { postFromEditor } from '../../../../features/admin/post-editor.ts';
import { loadEditablePost } from '../../../../features/content/server/admin-posts.ts';
import { describeImage } from '../../../../features/content/server/media.ts';
import { ContentError, savePost } from '../../../../features/content/server/save-post.ts';
import { readSiteSettings } from '../../../../features/site/server/site-settings-store.ts';
import { toZonedInputs } from '../../../../platform/time-zone.ts';
import { adminCaller, adminJson } from '../../../../server/admin-api.ts';
import { readAdminJson } from '../../../../server/admin-json-body.ts';
import { bodyLimits } from '../../../../server/routes.ts';

/** `ContentError`'s lines read `field: message`; each goes to its field. */
function fieldErrorsOf(error: ContentError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const line of error.message.split('\n')) {
    const match = /^(\w+): (.*)$/.exec(line);
    errors[match?.[1] === 'coverMediaId' ? 'coverAlt' : (match?.[1] ?? 'title')] ??=
      match?.[2] ?? line;
  }
  return errors;
}

/**
 * `POST /admin/api/posts/save`: `{ id?, values }` from the editor (post-editor.ts), with the
 * session's CSRF token. Creates the post or page, or saves the one with `id`; checked with the
 * schema the browser used. The site shows the change at once on every instance.
 */
export const POST: APIRoute = async ({ request, locals, url }) => {
  const { app } = locals;
  const session = await adminCaller(app, request);
  if (session instanceof Response) return session;
  const body = await readAdminJson(request, bodyLimits(url.pathname).maxBytes);
  if (body instanceof Response) return body;
  const { db } = app.database;
  const id = body.id === undefined || body.id === null ? undefined : Number(body.id);
  const existing =
    id === undefined || !Number.isSafeInteger(id) ? undefined : await loadEditablePost(db, id);
  if (id !== undefined && !existing) {
    return adminJson(404, { ok: false, message: editorMessages.notFound });
  }
  const values = body.values as { type?: unknown } | undefined;
  if (existing && values?.type !== existing.type) {
    return adminJson(409, { ok: false, message: editorMessages.wrongType });
  }
  const { timeZone } = await readSiteSettings(db, app.log);
  const now = Date.now();
  const checked = postFromEditor(values, {
    timeZone,
    publishedAt: existing?.publishedAt ?? null,
    now,
  });
  if (!checked.ok) {
    return adminJson(422, {
      ok: false,
      message: editorMessages.invalid,
      fieldErrors: checked.fieldErrors,
    });
  }
  let saved: { id: number; slug: string };
  try {
    saved = await savePost(app.database, checked.post, id);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return adminJson(422, {
      ok: false,
      message: editorMessages.invalid,
      fieldErrors: fieldErrorsOf(error),
    });
  }
  if (checked.post.coverMediaId !== null) {
    await describeImage(db, checked.post.coverMediaId, checked.coverAlt);
  }
  const post = await loadEditablePost(db, saved.id, now);
  if (!post) return adminJson(404, { ok: false, message: editorMessages.notFound });
  app.log.info(`${post.type === 'page' ? 'Page' : 'Post'} saved: ${post.slug} (${post.state})`);
  const message =
    post.state === 'draft'
      ? editorMessages.draftSaved
      : post.state === 'scheduled' && post.publishedAt !== null
        ? editorMessages.scheduled(
            `${Object.values(toZonedInputs(post.publishedAt, timeZone)).join(' ')} (${timeZone})`,
          )
        : existing?.state === 'published'
          ? editorMessages.updated
          : editorMessages.published;
  return adminJson(id === undefined ? 201 : 200, { ok: true, message, post });
};
