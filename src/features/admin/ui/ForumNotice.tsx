import { useId, useRef, useState } from 'react';
import {
  type ForumNoticeState,
  forumUrl,
  hideNoticeAction,
  forumNoticeMessages as messages,
  noticeStatusAction,
} from '../forum-notice.ts';

type Props = {
  /** As this administrator left it; a hidden notice is never rendered. */
  initialState: Exclude<ForumNoticeState, 'hidden'>;
  /** The session's CSRF token, sent as `nonce` (seed §6). */
  nonce: string;
};

async function post(fields: Record<string, string>): Promise<boolean> {
  try {
    const response = await fetch('/ajax', {
      method: 'POST',
      body: new URLSearchParams(fields),
      credentials: 'same-origin',
    });
    const reply = (await response.json()) as { success?: boolean };
    return response.ok && reply.success === true;
  } catch {
    return false;
  }
}

/**
 * The dashboard's forum notice (seed §2.12): a disclosure whose title stays while its body
 * folds, each change saved as `hide` or `show`; its footer button hides it for good. What
 * happens is said in a live region; a change that could not be saved is undone and says so.
 */
export default function ForumNotice({ initialState, nonce }: Props) {
  const [open, setOpen] = useState(initialState === 'open');
  const [gone, setGone] = useState(false);
  const [message, setMessage] = useState('');
  const bodyId = useId();
  const latest = useRef(0);

  const toggle = async () => {
    const next = !open;
    const call = ++latest.current;
    setOpen(next);
    setMessage('');
    const saved = await post({ action: noticeStatusAction, status: next ? 'show' : 'hide', nonce });
    // Only the newest toggle's answer counts; an older one may arrive after it.
    if (!saved && call === latest.current) {
      setOpen(!next);
      setMessage(messages.failed);
    }
  };

  const dismiss = async () => {
    setMessage('');
    if (await post({ action: hideNoticeAction, nonce })) {
      setGone(true);
      setMessage(messages.dismissed);
      // The button that had focus is gone: focus goes to the screen's heading.
      document.getElementById('admin-main')?.focus();
    } else {
      setMessage(messages.failed);
    }
  };

  return (
    <>
      {gone ? null : (
        <section className="admin-card admin-forum-notice" aria-label={messages.title}>
          <h2 className="admin-forum-notice__title">
            <button type="button" aria-expanded={open} aria-controls={bodyId} onClick={toggle}>
              <span>{messages.title}</span>
              <span className="admin-forum-notice__chevron" aria-hidden="true" />
            </button>
          </h2>
          <div id={bodyId} hidden={!open}>
            <p>{messages.body}</p>
            <p>
              <a href={forumUrl} rel="noopener">
                {messages.link}
              </a>
            </p>
            <footer className="admin-forum-notice__footer">
              <button type="button" className="admin-link-button" onClick={dismiss}>
                {messages.dismiss}
              </button>
            </footer>
          </div>
        </section>
      )}
      <p role="status" className="admin-live">
        {message}
      </p>
    </>
  );
}
