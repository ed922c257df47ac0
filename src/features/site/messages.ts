/**
 * The texts of the site chrome (locale en) that code running in the browser shows: the header
 * island. This object is bundled into every page's JavaScript, so a text only the server renders
 * belongs in `serverSiteMessages` below (decision 0007).
 */
export const siteMessages = {
  menu: 'Menu',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  expandSubmenu: (label: string) => `Show the ${label} submenu`,
  search: 'Search',
  searchLabel: 'Search this site',
  searchPlaceholder: 'Search…',
  scrollToTop: 'Back to top',
} as const;

/** The texts of the site chrome (locale en) that only the server renders. */
export const serverSiteMessages = {
  skipToContent: 'Skip to content',
  archives: 'Archives',
  selectMonth: 'Select Month',
  go: 'Go',
  tags: 'Topics',
  poweredBy: 'Made with Quire',
  rssFeed: 'RSS feed',
  privacyChoices: 'Privacy choices',
  consentTitle: 'Cookies on this site',
  consentText:
    'With your consent, a cookie holding a random number lets this site recognise returning readers in its own statistics and load social widgets such as Facebook’s. Without it, your visits are still counted, anonymously.',
  consentAccept: 'Accept',
  consentDecline: 'Decline',
  serverErrorTitle: 'Something went wrong',
  serverErrorText: 'This page could not be shown just now. Please try again in a moment.',
  serverErrorRetry: 'Try again',
  serverErrorHome: 'Go to the home page',
} as const;
