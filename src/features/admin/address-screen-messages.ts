/**
 * What the Tags and Redirects screens say (issue 29, point 5; decision 0054). Why a value is
 * refused comes from the content feature's catalogue (content/address-messages.ts), which the
 * command line shares.
 */

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

export const tagScreenMessages = {
  title: 'Tags',
  intro:
    'Tags group posts into topics: each has a page (/tag/…/) and a feed readers can follow. Posts get their tags in the editor.',
  none: 'No tags yet. Give a post a tag in the editor and it appears here.',
  count: (count: number) => `${plural(count, 'tag', 'tags')}.`,
  caption: 'Tags',
  columns: {
    name: 'Name',
    address: 'Address',
    posts: 'Posts',
    subscribers: 'Subscribers',
    actions: 'Actions',
  },
  /** The posts column: every post carrying it, and how many of them visitors see. */
  posts: (posts: number, published: number) =>
    posts === published
      ? plural(posts, 'post', 'posts')
      : `${plural(posts, 'post', 'posts')} (${published.toLocaleString('en')} published)`,
  postsLabel: (name: string) => `Posts tagged “${name}”`,
  edit: 'Edit',
  editLabel: (name: string) => `Edit the tag “${name}”`,
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete the tag “${name}”`,
  editHeading: (name: string) => `Edit the tag “${name}”`,
  name: 'Name',
  nameHint: 'As the posts and the topic page show it.',
  slug: 'Address',
  slugHint: (slug: string) =>
    `The topic is at /tag/${slug}/. Change it and the old address (and its feed) keeps working: visitors are sent on to the new one.`,
  description: 'Description',
  descriptionHint: 'Shown on the topic page and in its feed. Empty: a sentence counting its posts.',
  save: 'Save the tag',
  cancel: 'Back to the tags',
  fixErrors: 'The tag was not saved: please correct what is marked.',
  saved: (name: string) => `The tag “${name}” was saved.`,
  moved: (name: string, from: string, to: string) =>
    `The tag “${name}” was saved. Its old address /tag/${from}/ now leads to /tag/${to}/.`,
  deleted: (name: string) =>
    `The tag “${name}” was deleted. Its posts are still there, without it.`,
  confirmDelete: (name: string, posts: number, subscribers: number) =>
    `Delete the tag “${name}”? ${posts === 0 ? 'No post carries it.' : `The ${plural(posts, 'post', 'posts')} carrying it stay${posts === 1 ? 's' : ''}, without it.`} Its topic page and feed go${subscribers > 0 ? `, and the ${plural(subscribers, 'person', 'people')} subscribed to the topic get no more mail about it` : ''}.`,
  confirmDeleteButton: 'Yes, delete the tag',
  keep: 'Keep it',
} as const;

const sourceNames = {
  auto: 'Address change',
  owner: 'Added here',
  import: 'Imported',
} as const;

export const redirectScreenMessages = {
  title: 'Redirects',
  importTitle: 'Import redirects',
  intro:
    'A redirect sends visitors, search engines and old links (in mails already sent, on other sites) from an address that no longer exists to its new place, with a permanent redirect (301). Changing the address of a post, page or tag adds one by itself.',
  addHeading: 'Add a redirect',
  from: 'Old address',
  fromHint: 'A path of this site, such as /2019/05/old-post/ or /old-page.html.',
  to: 'New address',
  toHint: 'A path of this site, such as /new-post/, or a full address of another site.',
  add: 'Add the redirect',
  fixErrors: 'The redirect was not added: please correct what is marked.',
  added: (from: string, to: string) => `${from} now leads to ${to}.`,
  replaced: (from: string, to: string) =>
    `${from} now leads to ${to}, instead of where it led before.`,
  unchanged: (from: string, to: string) => `${from} already leads to ${to}.`,
  deleted: (from: string) =>
    `The redirect from ${from} was deleted: that address is not found any more.`,
  imported: (added: number, replaced: number) =>
    `Imported: ${plural(added, 'new redirect', 'new redirects')}, ${plural(replaced, 'redirect', 'redirects')} replaced.`,
  gone: 'There is no such redirect. It may have been deleted already.',
  confirmDelete: (from: string, to: string) =>
    `Delete the redirect from ${from} to ${to}? Visitors following an old link to ${from} will find nothing there.`,
  confirmDeleteButton: 'Yes, delete it',
  keep: 'Keep it',
  importLink: 'Import CSV',
  exportLink: 'Export CSV',
  /** Begins with the link's visible text, as its accessible name must (WCAG 2.5.3). */
  exportLabel: 'Export CSV of every redirect',
  searchLabel: 'Address contains',
  filter: 'Search',
  showAll: 'Show all',
  caption: 'Redirects',
  columns: {
    from: 'Old address',
    to: 'Leads to',
    source: 'Made by',
    changed: 'Changed',
    actions: 'Actions',
  },
  sources: sourceNames,
  count: (total: number, filtered: boolean, page: number, pageCount: number) =>
    total === 0
      ? filtered
        ? 'No redirect matches this search.'
        : 'No redirects yet.'
      : `${plural(total, 'redirect', 'redirects')}${filtered ? ' match' : ''}${pageCount > 1 ? `, page ${page} of ${pageCount}` : ''}.`,
  delete: 'Delete',
  deleteLabel: (from: string) => `Delete the redirect from ${from}`,
  pagingLabel: 'Pages of the list',
  newer: 'Previous',
  older: 'Next',
  pageOf: (page: number, pageCount: number) => `Page ${page} of ${pageCount}`,
  timesHint: (timeZone: string) => `Times are in the site’s time zone, ${timeZone}.`,
  importIntro:
    'A CSV file with one redirect a line: the old address, a comma, the new address (a first line such as from,to is skipped). Redirects exported here import back. You see what the file would do before anything changes.',
  fileLabel: 'CSV file',
  fileHint: (bytes: number) =>
    `Up to ${Math.round(bytes / 1024 / 1024)} MB: about 20,000 redirects. A spreadsheet saved as CSV will do.`,
  planButton: 'Check the file',
  noFile: 'Choose a CSV file to import.',
  planHeading: 'What the import would do',
  planSummary: (added: number, replaced: number, refused: number, unchanged: number) =>
    `${plural(added, 'new redirect', 'new redirects')}, ${plural(replaced, 'replaced', 'replaced')}, ${plural(refused, 'line refused', 'lines refused')}${unchanged > 0 ? `, ${plural(unchanged, 'line', 'lines')} already so` : ''}.`,
  planAdded: 'New',
  planReplaced: 'Replaced',
  planRefused: 'Refused: these lines are not imported',
  planColumns: {
    line: 'Line',
    written: 'As written',
    from: 'Old address',
    to: 'Leads to',
    was: 'Led to',
    why: 'Why',
  },
  planNothing: 'Nothing in this file would change the redirects.',
  planChanged:
    'The redirects or the site changed since you checked the file: here is what it would do now. Check again, then import.',
  apply: (count: number) => `Import ${plural(count, 'redirect', 'redirects')}`,
  applyHint: 'Lines refused are left out; you can fix them and import the file again.',
  cancel: 'Back to the redirects',
  otherFile: 'Choose another file',
} as const;
