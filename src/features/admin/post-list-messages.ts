/** What the lists of posts and of pages say; `kind` words the few lines that differ. */
export const postListMessages = {
  newItem: { posts: 'New post', pages: 'New page' },
  caption: { posts: 'Posts', pages: 'Pages' },
  captionTrash: { posts: 'Posts in the Trash', pages: 'Pages in the Trash' },
  search: 'Title contains',
  state: 'State',
  any: 'Any',
  states: { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' },
  tag: 'Tag',
  filter: 'Filter',
  showAll: 'Show all',
  count: (
    kind: 'posts' | 'pages',
    total: number,
    filtered: boolean,
    page: number,
    pageCount: number,
  ) => {
    const noun = kind === 'posts' ? 'post' : 'page';
    if (total === 0) return filtered ? `No ${noun} matches this filter.` : `No ${noun}s yet.`;
    const match = filtered ? (total === 1 ? ' matches' : ' match') : '';
    return `${total} ${total === 1 ? noun : `${noun}s`}${match}${pageCount > 1 ? `, page ${page} of ${pageCount}` : ''}.`;
  },
  columns: {
    select: 'Select',
    title: 'Title',
    state: 'State',
    author: 'Author',
    tags: 'Tags',
    published: 'Published',
    changed: 'Changed',
  },
  viewOnSite: (title: string) => `View “${title}” on the site`,
  notPublished: '—',
  noTags: '—',
  paging: 'Pages of the list',
  newer: 'Newer',
  older: 'Older',
  pageOf: (page: number, pageCount: number) => `Page ${page} of ${pageCount}`,
  timesHint: (timeZone: string) => `Times are in the site’s time zone, ${timeZone}.`,
  // The views, the selection and the Trash (issue 29, point 3).
  views: 'Views of the list',
  viewNames: {
    all: 'All',
    published: 'Published',
    scheduled: 'Scheduled',
    draft: 'Drafts',
    trash: 'Trash',
  },
  bulk: { posts: 'With the selected posts', pages: 'With the selected pages' },
  chooseAction: 'Bulk actions',
  actions: {
    publish: 'Publish',
    unpublish: 'Unpublish (back to draft)',
    trash: 'Move to Trash',
    restore: 'Restore',
    delete: 'Delete permanently',
  },
  apply: 'Apply',
  selectAll: 'Select all on this page',
  selected: (count: number) => `${count} selected`,
  selectRow: (title: string) => `Select “${title}”`,
  bulkHint: (kind: 'posts' | 'pages') =>
    `Tick ${kind} in the list (or all on this page), choose what to do and apply.`,
  edit: 'Edit',
  view: 'View',
  trashed: 'Moved to the Trash',
  comesBackAs: 'Restores as',
  deletedOn: (date: string) => `Deleted permanently on ${date}`,
  trashHint: (kind: 'posts' | 'pages', days: number) =>
    `${kind === 'posts' ? 'Posts' : 'Pages'} in the Trash are deleted permanently ${days} days after they were moved there. Restoring one brings it back as it was: a published one is on the site again at once.`,
  trashEmpty: 'The Trash is empty.',
  emptyTrash: 'Empty Trash',
  emptyQuestion: (kind: 'posts' | 'pages', count: number) =>
    `Empty the Trash? ${count === 1 ? `The ${nounOf(kind, 1)} in it is` : `The ${count} ${nounOf(kind, count)} in it are`} deleted permanently. This cannot be undone.`,
  emptyConfirm: 'Empty Trash',
  deleteQuestion: (kind: 'posts' | 'pages', titles: string[]) =>
    titles.length === 1
      ? `Delete “${titles[0]}” permanently? It cannot be restored.`
      : `Delete ${titles.length} ${nounOf(kind, titles.length)} permanently? They cannot be restored.`,
  deleteConfirm: 'Delete permanently',
  cancel: 'Cancel',
  undo: 'Undo',
  done: {
    trash: (kind: 'posts' | 'pages', count: number) =>
      `${count} ${nounOf(kind, count)} moved to the Trash.`,
    restore: (kind: 'posts' | 'pages', count: number) =>
      `${count} ${nounOf(kind, count)} restored from the Trash, as ${count === 1 ? 'it was' : 'they were'}.`,
    publish: (kind: 'posts' | 'pages', count: number) =>
      `${count} ${nounOf(kind, count)} published. Visitors see ${count === 1 ? 'it' : 'them'} now.`,
    unpublish: (kind: 'posts' | 'pages', count: number) =>
      `${count} ${nounOf(kind, count)} back to draft. Visitors no longer see ${count === 1 ? 'it' : 'them'}.`,
    delete: (kind: 'posts' | 'pages', count: number) =>
      `${count} ${nounOf(kind, count)} deleted permanently.`,
    empty: (kind: 'posts' | 'pages', count: number) =>
      `The Trash is emptied: ${count} ${nounOf(kind, count)} deleted permanently.`,
  },
  leftChanged: (kind: 'posts' | 'pages', count: number) =>
    count === 1
      ? `1 ${nounOf(kind, 1)} was left as it is: it was changed after this list was shown. Look at it again and retry.`
      : `${count} ${nounOf(kind, count)} were left as they are: they were changed after this list was shown. Look at them again and retry.`,
  leftAlready: {
    trash: (kind: 'posts' | 'pages', count: number) =>
      `${count} ${nounOf(kind, count)} ${count === 1 ? 'was' : 'were'} in the Trash already.`,
    restore: (kind: 'posts' | 'pages', count: number) =>
      `${count} ${nounOf(kind, count)} ${count === 1 ? 'was' : 'were'} not in the Trash.`,
    publish: (kind: 'posts' | 'pages', count: number) =>
      `${count} ${nounOf(kind, count)} ${count === 1 ? 'was' : 'were'} published already.`,
    unpublish: (kind: 'posts' | 'pages', count: number) =>
      `${count} ${nounOf(kind, count)} ${count === 1 ? 'was a draft' : 'were drafts'} already.`,
    delete: (kind: 'posts' | 'pages', count: number) =>
      `${count} ${nounOf(kind, count)} ${count === 1 ? 'was' : 'were'} not in the Trash, and ${count === 1 ? 'was' : 'were'} kept.`,
  },
  leftGone: (kind: 'posts' | 'pages', count: number) =>
    `${count} ${nounOf(kind, count)} no longer ${count === 1 ? 'exists' : 'exist'}.`,
  noneSelected: (kind: 'posts' | 'pages') => `Tick the ${kind} to change first.`,
  noAction: 'Choose what to do with the selected items in Bulk actions first.',
  tooMany: (limit: number) => `At most ${limit} can be changed at once.`,
  notHere: 'That cannot be done from this list.',
} as const;

/** `post`, `posts`, `page` or `pages`, for a count of them. */
function nounOf(kind: 'posts' | 'pages', count: number): string {
  return `${kind === 'posts' ? 'post' : 'page'}${count === 1 ? '' : 's'}`;
}
