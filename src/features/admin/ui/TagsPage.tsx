import {
  type TagEditor,
  tagDescriptionMaxLength,
  tagNameMaxLength,
  tagPagePath,
} from '../../content/tag-admin.ts';
import { tagScreenMessages as m } from '../address-screen-messages.ts';
import { PostedField } from './PostedField.tsx';
import { ScreenNotice } from './RedirectsPage.tsx';

/** A tag as the list shows it. */
export type TagListItem = {
  id: number;
  name: string;
  slug: string;
  posts: number;
  published: number;
  subscribers: number;
};

type Notice = { kind: 'done' | 'error'; message: string };

/**
 * `/admin/tags`: every tag with its address, its posts (linked to the posts list filtered by
 * it) and its topic's subscribers; each is changed or deleted on its own screen.
 */
export function TagsPage({ tags, notice }: { tags: TagListItem[]; notice?: Notice | undefined }) {
  return (
    <>
      <ScreenNotice notice={notice} />
      <p className="admin-hint admin-lead">{m.intro}</p>
      <p className="admin-count">{tags.length === 0 ? m.none : m.count(tags.length)}</p>
      {tags.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stacked">
            <caption className="visually-hidden">{m.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{m.columns.name}</th>
                <th scope="col">{m.columns.address}</th>
                <th scope="col">{m.columns.posts}</th>
                <th scope="col">{m.columns.subscribers}</th>
                <th scope="col">{m.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {tags.map((tag) => (
                <tr key={tag.id}>
                  <th scope="row">
                    <a href={`/admin/tags/${tag.id}`}>{tag.name}</a>
                  </th>
                  <td data-label={m.columns.address}>
                    <a href={tagPagePath(tag.slug)}>{tagPagePath(tag.slug)}</a>
                  </td>
                  <td data-label={m.columns.posts}>
                    {tag.posts === 0 ? (
                      m.posts(0, 0)
                    ) : (
                      <a
                        href={`/admin/posts?tag=${encodeURIComponent(tag.slug)}`}
                        title={m.postsLabel(tag.name)}
                      >
                        {m.posts(tag.posts, tag.published)}
                      </a>
                    )}
                  </td>
                  <td data-label={m.columns.subscribers}>{tag.subscribers.toLocaleString('en')}</td>
                  <td data-label={m.columns.actions}>
                    <div className="admin-row-actions">
                      <a href={`/admin/tags/${tag.id}`} aria-label={m.editLabel(tag.name)}>
                        {m.edit}
                      </a>
                      <a href={`/admin/tags/${tag.id}?delete`} aria-label={m.deleteLabel(tag.name)}>
                        {m.delete}
                      </a>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/**
 * `/admin/tags/{id}`: one tag's name, address and description to change (a new address keeps
 * the old one working), and its deletion once confirmed.
 */
export function TagPage(props: {
  id: number;
  /** The tag as stored: its name heads the screen, its counts go into the delete question. */
  stored: { name: string; slug: string; posts: number; subscribers: number };
  editor: TagEditor;
  csrf: string;
  notice?: Notice | undefined;
  confirmDelete: boolean;
}) {
  const { id, stored, editor, csrf, notice, confirmDelete } = props;
  const { values, errors } = editor;
  const action = `/admin/tags/${id}`;
  return (
    <>
      <ScreenNotice notice={notice} />
      {confirmDelete && (
        <form
          method="post"
          action={action}
          className="admin-confirm"
          aria-labelledby="delete-question"
        >
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="action" value="delete" />
          <input type="hidden" name="confirm" value="yes" />
          <p id="delete-question">
            {m.confirmDelete(stored.name, stored.posts, stored.subscribers)}
          </p>
          <div className="admin-row-actions">
            <button type="submit" className="admin-button admin-button--danger">
              {m.confirmDeleteButton}
            </button>
            <a className="admin-button" href={action}>
              {m.keep}
            </a>
          </div>
        </form>
      )}
      <form
        method="post"
        action={action}
        className="admin-form admin-tag-form"
        aria-label={m.editHeading(stored.name)}
        noValidate
      >
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="action" value="save" />
        <PostedField
          id="tag-name"
          name="name"
          label={m.name}
          defaultValue={values.name}
          hint={m.nameHint}
          error={errors.name}
          maxLength={tagNameMaxLength}
          required
        />
        <PostedField
          id="tag-slug"
          name="slug"
          label={m.slug}
          defaultValue={values.slug}
          hint={m.slugHint(stored.slug)}
          error={errors.slug}
          maxLength={80}
          spellCheck={false}
          required
        />
        <PostedField
          id="tag-description"
          name="description"
          label={m.description}
          defaultValue={values.description}
          hint={m.descriptionHint}
          error={errors.description}
          rows={3}
          maxLength={tagDescriptionMaxLength}
        />
        <div className="admin-form__actions">
          <button type="submit" className="admin-button admin-button--primary">
            {m.save}
          </button>
        </div>
      </form>
      {!confirmDelete && (
        <form method="post" action={action} className="admin-apart-action">
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="action" value="delete" />
          <button
            type="submit"
            className="admin-button admin-button--danger"
            aria-label={m.deleteLabel(stored.name)}
          >
            {m.delete}
          </button>
        </form>
      )}
      <p>
        <a href="/admin/tags">{m.cancel}</a>
      </p>
    </>
  );
}
