import { z } from 'zod';
import { tagScreenMessages as m } from '../features/admin/address-screen-messages.ts';
import { tagRuleMessages } from '../features/content/address-messages.ts';
import { changeTag, deleteTag } from '../features/content/server/tags-admin.ts';
import type { TagEditor } from '../features/content/tag-admin.ts';
import { seeOther } from './admin-api.ts';
import type { AdminPage } from './admin-page.ts';
import { ownerPost } from './owner-action.ts';

type Notice = { kind: 'done' | 'error'; message: string };

const text = z.string().catch('');
const tagActionInput = z.object({
  action: z.enum(['save', 'delete']).catch('save'),
  confirm: z.string().optional().catch(undefined),
  name: text,
  slug: text,
  description: text,
});

export type TagActionOutcome =
  | { kind: 'done'; redirect: Response }
  | { kind: 'refused'; status: number; notice: Notice; editor?: TagEditor }
  | { kind: 'confirm' };

/**
 * A change to one tag (`/admin/tags/{id}`): its name, address and description, or its
 * deletion once confirmed. Done, the list is shown with a notice (saying where an old address
 * now leads); a refused value comes back in its place with its message.
 */
export async function postTagAction(
  admin: AdminPage,
  request: Request,
  id: number,
): Promise<TagActionOutcome> {
  const { app } = admin;
  const write = await ownerPost(admin, request, { permission: 'tags', input: tagActionInput });
  if (!write.ok) {
    return {
      kind: 'refused',
      status: write.status,
      notice: { kind: 'error', message: write.message },
    };
  }
  const { action, confirm, ...values } = write.input;
  const gone = {
    kind: 'refused' as const,
    status: 404,
    notice: { kind: 'error' as const, message: tagRuleMessages.gone },
  };
  if (action === 'delete') {
    if (confirm !== 'yes') return { kind: 'confirm' };
    const deleted = await deleteTag(app.database, id);
    if (!deleted) return gone;
    app.log.info(`Tags: ${deleted.name} deleted by administrator ${admin.userId}`);
    return {
      kind: 'done',
      redirect: seeOther(`/admin/tags?notice=deleted&name=${encodeURIComponent(deleted.name)}`),
    };
  }
  const outcome = await changeTag(app.database, id, values);
  if (!outcome.ok) {
    if ('gone' in outcome) return gone;
    return {
      kind: 'refused',
      status: 422,
      notice: { kind: 'error', message: m.fixErrors },
      editor: { values, errors: outcome.errors },
    };
  }
  const { tag, movedFrom } = outcome;
  app.log.info(
    `Tags: ${tag.name} saved${movedFrom ? ` (moved from /tag/${movedFrom}/ to /tag/${tag.slug}/)` : ''} by administrator ${admin.userId}`,
  );
  const query = new URLSearchParams({ notice: movedFrom ? 'moved' : 'saved', name: tag.name });
  if (movedFrom) {
    query.set('from', movedFrom);
    query.set('to', tag.slug);
  }
  return { kind: 'done', redirect: seeOther(`/admin/tags?${query}`) };
}

/** The notice a redirect after a change carries (`?notice=moved&name=News&from=a&to=b`). */
export function tagDoneNotice(params: URLSearchParams): Notice | undefined {
  const name = params.get('name') ?? '';
  switch (params.get('notice')) {
    case 'saved':
      return { kind: 'done', message: m.saved(name) };
    case 'moved':
      return {
        kind: 'done',
        message: m.moved(name, params.get('from') ?? '', params.get('to') ?? ''),
      };
    case 'deleted':
      return { kind: 'done', message: m.deleted(name) };
    default:
      return undefined;
  }
}
