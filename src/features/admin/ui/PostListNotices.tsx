import { postListMessages as m } from '../post-list-messages.ts';

type Kind = 'posts' | 'pages';

/** What the list says after a change (server/admin-post-actions.ts), or why it was refused. */
export type ListNotice = {
  /** What was done. */
  done?: string | undefined;
  /** What was left as it was, and why. */
  left: string[];
  /** Why nothing could be done. */
  error?: string | undefined;
  /** The items just moved to the Trash, which Undo brings back (`12:4,13:5`). */
  undo?: string | undefined;
};

/** The question asked before deleting permanently: chosen items, or the whole Trash. */
export type ListQuestion =
  | { kind: 'delete'; items: { ref: string; title: string }[] }
  | { kind: 'empty'; count: number; upTo: number };

/**
 * What the last change did, with Undo after a move to the Trash (a form: it works without the
 * admin's script); what it left as it was; or why it could not be made.
 */
export function PostListNotice({
  notice,
  here,
  csrf,
}: {
  notice: ListNotice | undefined;
  here: string;
  csrf: string;
}) {
  return (
    <>
      <div role="status" className="admin-notice admin-list-notice" hidden={!notice?.done}>
        {notice?.done && <p>{notice.done}</p>}
        {notice?.undo && (
          <form method="post" action={here}>
            <input type="hidden" name="csrf" value={csrf} />
            <input type="hidden" name="action" value="restore" />
            {notice.undo.split(',').map((ref) => (
              <input key={ref} type="hidden" name="id" value={ref} />
            ))}
            <button type="submit" className="admin-link-button">
              {m.undo}
            </button>
          </form>
        )}
      </div>
      {notice && notice.left.length > 0 && (
        <div className="admin-warning" role="alert">
          {notice.left.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {notice?.error && (
        <p className="admin-error" role="alert">
          {notice.error}
        </p>
      )}
    </>
  );
}

/** Asks before deleting permanently; the answer posts the same items again, confirmed. */
export function PostListQuestionForm({
  kind,
  question,
  here,
  csrf,
}: {
  kind: Kind;
  question: ListQuestion;
  here: string;
  csrf: string;
}) {
  const text =
    question.kind === 'empty'
      ? m.emptyQuestion(kind, question.count)
      : m.deleteQuestion(
          kind,
          question.items.map((item) => item.title),
        );
  return (
    <form method="post" action={here} className="admin-confirm" aria-labelledby="confirm-q">
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="confirm" value="yes" />
      {question.kind === 'empty' ? (
        <>
          <input type="hidden" name="action" value="empty" />
          <input type="hidden" name="upTo" value={question.upTo} />
        </>
      ) : (
        <>
          <input type="hidden" name="action" value="delete" />
          {question.items.map((item) => (
            <input key={item.ref} type="hidden" name="id" value={item.ref} />
          ))}
        </>
      )}
      <p id="confirm-q">{text}</p>
      <div className="admin-row-actions">
        <button type="submit" className="admin-button admin-button--danger">
          {question.kind === 'empty' ? m.emptyConfirm : m.deleteConfirm}
        </button>
        <a className="admin-button" href={here}>
          {m.cancel}
        </a>
      </div>
    </form>
  );
}
