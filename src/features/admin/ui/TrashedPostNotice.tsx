import { editorMessages as m } from '../messages.ts';

type Props = {
  kind: 'posts' | 'pages';
  id: number;
  revision: number;
  title: string;
  /** When it was moved to the Trash, and when it is deleted permanently, as the site says them. */
  trashedOn: string;
  deletedOn: string;
  csrf: string;
};

/**
 * What a post's or page's editor shows while it is in the Trash, instead of the editor: it is
 * edited again once restored, which brings it back as it was and opens the editor.
 */
export function TrashedPostNotice({
  kind,
  id,
  revision,
  title,
  trashedOn,
  deletedOn,
  csrf,
}: Props) {
  const type = kind === 'posts' ? 'post' : 'page';
  return (
    <form method="post" action={`/admin/${kind}`} className="admin-warning admin-trashed">
      <h2>{title}</h2>
      <p>{m.inTrashSince(type, trashedOn, deletedOn)}</p>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="back" value="editor" />
      <div className="admin-row-actions">
        <button
          type="submit"
          name="row"
          value={`restore:${id}:${revision}`}
          className="admin-button admin-button--primary"
        >
          {m.restore}
        </button>
        <a className="admin-button" href={`/admin/${kind}?state=trash`}>
          {m.openTrash}
        </a>
      </div>
    </form>
  );
}
