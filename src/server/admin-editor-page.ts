import { editorMessages } from '../features/admin/messages.ts';
import type { EditorPost } from '../features/admin/post-editor.ts';
import { refusePostChange } from '../features/admin/server/owner-check.ts';
import { trashExpiresAt } from '../features/content/post-actions.ts';
import { loadEditablePost } from '../features/content/server/admin-posts.ts';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import { toZonedInputs } from '../platform/time-zone.ts';
import { type AdminPage, forbiddenScreen, startAdminPage } from './admin-page.ts';
import { renderEditorPreview } from './editor-preview.ts';

type AstroLike = Parameters<typeof startAdminPage>[0];

export type AdminEditorPage = {
  admin: AdminPage;
  kind: 'posts' | 'pages';
  title: string;
  /** Set while the post is in the Trash: the screen offers to restore it instead of the editor. */
  trashed:
    | { id: number; revision: number; title: string; trashedOn: string; deletedOn: string }
    | undefined;
  editor: {
    csrf: string;
    type: 'post' | 'page';
    post: EditorPost | null;
    timeZone: string;
    defaultSchedule: { date: string; time: string };
    /** The text's preview as the page is rendered with it (empty for a new post). */
    preview: string;
  };
};

/**
 * `/admin/posts/new`, `/admin/posts/{id}` and the same for pages: the editor's screen, with
 * the post as its owner wrote it, or nothing for a new one. An unknown id is the admin's 404.
 */
export async function loadEditorPage(
  astro: AstroLike,
  kind: 'posts' | 'pages',
  idParam: string | undefined,
): Promise<AdminEditorPage | Response> {
  const admin = await startAdminPage(astro, kind === 'posts' ? 'posts' : 'pages');
  if (admin instanceof Response) return admin;
  const type = kind === 'posts' ? 'post' : 'page';
  const { db } = admin.app.database;
  let post: EditorPost | null = null;
  let trashedAt: number | null = null;
  if (idParam !== undefined) {
    const id = /^\d{1,12}$/.test(idParam) ? Number(idParam) : Number.NaN;
    const found = Number.isSafeInteger(id) ? await loadEditablePost(db, id) : undefined;
    if (!found || found.type !== type) return astro.rewrite('/404');
    const refusal = refusePostChange(admin.owner, found);
    if (refusal) return forbiddenScreen(astro, refusal.message);
    post = found;
    trashedAt = found.trashedAt;
  }
  const { timeZone } = await readSiteSettings(db, admin.app.log);
  const when = (at: number) =>
    new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      at,
    );
  const tomorrow = toZonedInputs(Date.now() + 24 * 3_600_000, timeZone);
  return {
    admin,
    kind,
    title:
      post === null
        ? type === 'post'
          ? editorMessages.newPost
          : editorMessages.newPage
        : type === 'post'
          ? editorMessages.editPost
          : editorMessages.editPage,
    trashed:
      post === null || trashedAt === null
        ? undefined
        : {
            id: post.id,
            revision: post.revision,
            title: post.title,
            trashedOn: when(trashedAt),
            deletedOn: when(trashExpiresAt(trashedAt)),
          },
    editor: {
      csrf: admin.csrf,
      type,
      post,
      timeZone,
      defaultSchedule: { date: tomorrow.date, time: '09:00' },
      preview:
        post === null || post.body === '' ? '' : await renderEditorPreview(admin.app, post.body),
    },
  };
}
