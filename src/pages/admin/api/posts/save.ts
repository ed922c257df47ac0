import { z } from 'zod';
import { adminMessages, editorMessages } from '../../../../features/admin/messages.ts';
import { postFromEditor } from '../../../../features/admin/post-editor.ts';
import { refusePostChange } from '../../../../features/admin/server/owner-check.ts';
import { loadEditablePost } from '../../../../features/content/server/admin-posts.ts';
import { describeImage } from '../../../../features/content/server/media.ts';
import { ContentError, savePost } from '../../../../features/content/server/save-post.ts';
import { readSiteSettings } from '../../../../features/site/server/site-settings-store.ts';
import { EditConflict } from '../../../../platform/edit-conflict.ts';
import { toZonedInputs } from '../../../../platform/time-zone.ts';
import { adminJson } from '../../../../server/admin-api.ts';
import { editConflictReply } from '../../../../server/admin-edits.ts';
import { ownerCall } from '../../../../server/owner-action.ts';

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
export const POST = ownerCall(
  {
    permission: 'posts',
    input: z.object({
      id: z.number().int().positive().nullish(),
      values: z.unknown(),
      revision: z.number().int().positive().optional(),
    }),
  },
  async ({ app, owner, input: { id, values, revision } }) => {
    const { db } = app.database;
    const existing = id == null ? undefined : await loadEditablePost(db, id);
    if (id != null && !existing) {
      return adminJson(404, { ok: false, message: editorMessages.notFound });
    }
    if (existing && (values as { type?: unknown } | undefined)?.type !== existing.type) {
      return adminJson(409, { ok: false, message: editorMessages.wrongType });
    }
    // A new page needs `pages`; an existing post or page, the right to change that one.
    const type = (values as { type?: unknown } | undefined)?.type === 'page' ? 'page' : 'post';
    const refusal = refusePostChange(owner, existing ?? { type, authorId: owner.userId });
    if (refusal) return adminJson(refusal.status, { ok: false, message: refusal.message });
    // Moved to the Trash (in another tab, or by someone else): restored before it is edited.
    if (existing && existing.trashedAt !== null) {
      return adminJson(409, { ok: false, message: editorMessages.inTrash(existing.type) });
    }
    // A save of what exists says which revision it was made from.
    if (existing && revision === undefined) {
      return adminJson(400, { ok: false, message: adminMessages.unreadable });
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
      saved = await savePost(app.database, checked.post, id ?? undefined, {
        baseRevision: revision,
        userId: owner.userId,
      });
    } catch (error) {
      if (error instanceof EditConflict && existing) {
        return editConflictReply(app, owner, error, (saver, when) =>
          editorMessages.changedSince(existing.type, saver, when),
        );
      }
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
    app.log.info(
      `${post.type === 'page' ? 'Page' : 'Post'} saved: ${post.slug} (${post.state}) by user ${owner.userId}`,
    );
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
    return adminJson(id == null ? 201 : 200, { ok: true, message, post });
  },
);
