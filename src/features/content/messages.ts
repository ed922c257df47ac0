/** Every text the content pages show a visitor (locale en). */
export const contentMessages = {
  readMore: 'Read more',
  formInFeed: 'Fill in the form on the site',
  // The page a browser shows for a feed (feed-stylesheet.ts). Plain text: it goes into XSLT.
  feedPageTitle: 'web feed',
  feedPageKicker: 'Web feed',
  feedPageAboutLabel: 'What this page is',
  feedPageExplanation:
    'This is a web feed. Copy its address into your feed reader to get every new post as it is published:',
  feedPageVisit: 'Visit the site',
  newerPosts: 'Newer posts',
  olderPosts: 'Older posts',
  pageOf: (page: number, count: number) => `Page ${page} of ${count}`,
  previousPost: 'Previous post',
  nextPost: 'Next post',
  postedIn: 'Filed under',
  noPosts: 'Nothing has been published here yet.',
  archiveTitle: (monthLabel: string) => `Archive: ${monthLabel}`,
  archiveDescription: (count: number, monthLabel: string) =>
    `${count} ${count === 1 ? 'post' : 'posts'} published in ${monthLabel}.`,
  tagTitle: (name: string) => `Topic: ${name}`,
  tagDescription: (name: string, count: number) =>
    `${count} ${count === 1 ? 'post' : 'posts'} about ${name}.`,
  searchTitle: 'Search',
  searchResultsTitle: (query: string) => `Search results for “${query}”`,
  searchCount: (count: number) => `${count} ${count === 1 ? 'result' : 'results'}`,
  searchNothing: (query: string) => `Nothing matches “${query}”. Try fewer or different words.`,
  searchEmpty: 'Type a few words to search the posts and pages of this site.',
  notFoundTitle: 'Page not found',
  notFoundText: 'There is nothing at this address. It may have moved, or the link may be mistyped.',
  notFoundHome: 'Go to the home page',
  minutesToRead: (minutes: number) => `${minutes} min read`,
  byAuthor: (name: string) => `by ${name}`,
} as const;

/** What the content feature says to the site's owner (the admin's lists and editor). */
export const contentOwnerMessages = {
  slugInTrash: (slug: string, title: string) =>
    `"${slug}" is kept by “${title}”, which is in the Trash. Restore it, or delete it permanently to use the address.`,
} as const;
