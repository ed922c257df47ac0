/**
 * The forum notice on the dashboard (seed §2.12, §4 Other widgets, §7 calls 1–2): open or
 * closed as each administrator leaves it, or hidden for good. Shared by the island and the
 * server, which name the calls alike.
 */
export type ForumNoticeState = 'open' | 'closed' | 'hidden';

/** Sets the notice open (`show`) or closed (`hide`); with `status` and `nonce`. */
export const noticeStatusAction = 'qshare_default_hide_admin_notification';
/** Removes the notice for good; with `nonce`. */
export const hideNoticeAction = 'qshare_hide_admin_forum_notification';

/** Where the notice sends a site owner: the project's forum. */
export const forumUrl = 'https://forum.quireblog.org/';

export const forumNoticeMessages = {
  title: 'Questions or ideas? Join the Quire forum',
  body: 'Ask how to do something, tell us what Quire should do next, and see what other site owners build with it.',
  link: 'Go to the Quire forum',
  dismiss: 'Don’t show this again',
  dismissed: 'The forum notice is hidden for good.',
  failed: 'That did not save. Check the connection and try again.',
  badStatus: 'The status must be "hide" or "show".',
} as const;
