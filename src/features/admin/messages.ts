import type { Permission } from './permissions.ts';

/** What each permission lets a user change, as a refusal names it. */
const permissionNames: Record<Permission, string> = {
  posts: 'posts',
  othersPosts: 'other people’s posts',
  pages: 'pages',
  tags: 'tags',
  media: 'images',
  othersMedia: 'other people’s images',
  redirects: 'redirects',
  forms: 'forms',
  entries: 'form entries',
  payments: 'payments and coupons',
  subscribers: 'subscribers',
  stats: 'the statistics',
  settings: 'the site’s settings',
  outbox: 'the mail outbox',
  import: 'imports from another site',
  users: 'users',
  account: 'this account',
};

/** Who saved the newer version of a post or form (the server says; see admin-edits.ts). */
export type Saver = { kind: 'you' } | { kind: 'user'; name: string } | { kind: 'unknown' };

const savedBy = (saver: Saver) =>
  saver.kind === 'you'
    ? ' by you, in another tab or window,'
    : saver.kind === 'user'
      ? ` by ${saver.name}`
      : '';

/** The message of a save refused because the item changed since it was opened. */
export const changedSince = (what: string, saver: Saver, when: string) =>
  `This ${what} was saved${savedBy(saver)} on ${when}, after you opened it. Reload to see that version (what you changed here is lost), or save yours over it.`;

/** What the admin says to a site owner; every sentence of it lives here, for translation. */
export const adminMessages = {
  secretKept: 'Saved (hidden): type a new one to replace it',
  secretFromEnvironment: 'Set on the server (environment); change it there.',
  /** The same whether the address has an account or not, so nobody learns which do. */
  signInWrong: 'The e-mail address or the password is not right.',
  /** The real wait, rounded up: seconds under a minute, else minutes. */
  signInThrottled: (retryAfterSeconds: number) => {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    const minutes = Math.ceil(seconds / 60);
    const wait =
      seconds < 60
        ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
        : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
    return `Too many sign-in attempts. Try again in ${wait}.`;
  },
  setupLinkInvalid:
    'This set-up link has expired or has been used. Restart Quire to print a new one, or create an account with: npm run quire -- admin create',
  setupAdminExists: 'An administrator account exists already. Sign in instead.',
  setupPasswordsDiffer: 'The two passwords are not the same.',
  currentPasswordWrong: 'The current password is not right.',
  signedOut: 'You are signed out.',
  signedOutEverywhere: 'You are signed out on every device.',
  sessionEnded: 'Your session has ended. Sign in again.',
  /** A write without the session's CSRF token: a stale page, or a forged request. */
  staleForm: 'This page was open too long to be trusted. Reload it and try again.',
  /** A write the user's role does not allow. */
  notAllowed: (permission: Permission) =>
    `Your account may not change ${permissionNames[permission]}. Ask an administrator.`,
  /** A screen the user's role does not open: 403, naming what it needs. */
  notAllowedToSee: (permission: Permission) =>
    `Your account may not open this screen: it shows ${permissionNames[permission]}. Ask an administrator.`,
  notYourPost:
    'Your account may change only the posts you wrote. Ask an editor or an administrator.',
  notYourImage:
    'Your account may change only the images you uploaded. Ask an editor or an administrator.',
  notYourImageUses:
    'This image is used by more than your own posts: ask an editor or an administrator to change it.',
  /** The save button while a settings form is saved (seed §2.12, §8). */
  saving: 'Saving...',
  settingsSaved: 'Settings saved. The site shows them now.',
  settingsInvalid: 'Some settings need a change: see the marked fields.',
  /** A number setting outside its range, which is said whole (not only the bound crossed). */
  numberRange: (min: number, max: number) => `Enter a number from ${min} to ${max}.`,
  settingsFailed: 'The settings could not be saved. Check the connection and try again.',
  notJson: 'Send this as JSON.',
  unreadable: 'What was sent could not be read.',
  settingsNoSuchTab: 'There is no such settings tab.',
  sendTestMail: 'Send a test mail',
  sendingTestMail: 'Sending...',
  testMailSubject: (siteTitle: string) => `Test mail from ${siteTitle}`,
  testMailText: (siteTitle: string, destination: string) =>
    `This is a test mail from the admin of ${siteTitle}. It went out through ${destination}.\n\nIf it reached you, the site's mail works: form notifications and subscriber mail go the same way.`,
  testMailSent: (address: string) =>
    `The mail server took a test mail to ${address}. Check that inbox.`,
  testMailKeptLocally: (folder: string) =>
    `No mail server is set, so the test mail was written to the folder ${folder} on the server and reached nobody. Set a mail server below to send mail.`,
  testMailFailed: (problem: string, fromEnvironment: boolean) =>
    `The test mail could not be sent: ${problem}. Check ${fromEnvironment ? 'MAIL_URL on the server' : 'the mail server above'} and the sender address.`,
} as const;

/** What the post and page editor says. */
export const editorMessages = {
  newPost: 'New post',
  newPage: 'New page',
  editPost: 'Edit post',
  editPage: 'Edit page',
  saveDraft: 'Save draft',
  publish: 'Publish',
  update: 'Update',
  schedule: 'Schedule',
  saving: 'Saving...',
  draftSaved: 'Draft saved. Visitors do not see it.',
  published: 'Published. Visitors see it now.',
  updated: 'Updated. Visitors see the change now.',
  scheduled: (when: string) => `Scheduled: visitors see it from ${when}.`,
  invalid: 'Some fields need a change: see the marked fields.',
  pickDay: 'Pick the day to publish on.',
  pickTime: 'Pick the time to publish at.',
  unrealTime: 'Enter a real date and time.',
  pastTime: 'That time has passed: pick one to come, or publish now.',
  failed:
    'It could not be saved: check the connection and try again. What you wrote is still here.',
  notFound: 'There is no such post or page. It may have been deleted.',
  wrongType: 'This editor is for the other kind: a post is not a page.',
  moveToTrash: 'Move to Trash',
  trashTitle: (title: string) => `Move “${title}” to the Trash?`,
  trashUnsaved: (days: number) =>
    `What you changed here since the last save is lost: the saved version goes to the Trash, where it can be restored for ${days} days.`,
  trashFailed: 'It could not be moved to the Trash: check the connection and try again.',
  changedBeforeTrash: (type: 'post' | 'page') =>
    `This ${type} was changed after you opened it, and was left where it is. Reload to see that version before moving it to the Trash.`,
  inTrash: (type: 'post' | 'page') => `This ${type} is in the Trash. Restore it to edit it.`,
  inTrashSince: (type: 'post' | 'page', when: string, deletedOn: string) =>
    `This ${type} was moved to the Trash on ${when}: visitors do not see it, and it is deleted permanently on ${deletedOn}. Restore it to edit it; it comes back as it was.`,
  restore: 'Restore',
  openTrash: 'Go to the Trash',
  cancel: 'Cancel',
  uploading: (name: string) => `Uploading ${name}...`,
  uploaded: (name: string) => `${name} is uploaded. Describe it for people who cannot see it.`,
  uploadFailed: (problem: string) => `The image could not be uploaded: ${problem}`,
  uploadNoFile: 'Choose an image to upload.',
  uploadNotImage: 'Only images can be added here: JPEG, PNG, WebP or GIF.',
  previewFailed: 'The preview could not be updated: check the connection.',
  previewEmpty: 'The preview shows here as you write.',
  unsaved: 'You have changes that are not saved.',
  changedSince: (type: 'post' | 'page', saver: Saver, when: string) =>
    changedSince(type, saver, when),
  reload: 'Reload',
  saveAnyway: 'Save anyway',
  title: 'Title',
  text: 'Text',
  addImage: 'Add image',
  placeholder: 'Write in Markdown…',
  markdownHint:
    'Markdown: **bold**, _italic_, ## heading, [link](https://…). Drop or paste an image to add it. A form shows where a line holds only [form id="1"].',
  preview: 'Preview',
  publishing: 'Publishing',
  notSavedYet: 'Not saved yet.',
  stateDraft: 'A draft: visitors do not see it.',
  stateScheduled: (when: string, timeZone: string) => `Scheduled for ${when} (${timeZone}).`,
  statePublished: (when: string, timeZone: string) => `Published ${when} (${timeZone}).`,
  viewOnSite: 'View it on the site',
  choiceDraft: 'Draft',
  choiceSchedule: 'Schedule',
  choicePublished: 'Published',
  choicePublishNow: 'Publish now',
  date: 'Date',
  time: 'Time',
  whenHint: (timeZone: string) => `In the site’s time zone, ${timeZone}.`,
  address: 'Address',
  addressHint: (type: 'post' | 'page', slug: string, saved = false) =>
    `Empty: made from the title. The ${type} is at /${slug}/${saved ? '; change it and links to the old address keep working (Redirects).' : ''}`,
  tags: 'Tags',
  tagsHint: 'Separate tags with commas.',
  excerpt: 'Excerpt',
  excerptHint: 'Shown in lists and feeds. Empty: the first sentences of the text.',
  cover: 'Cover image',
  noCover: 'None: lists and link previews show the site’s image.',
  coverAlt: 'Description of the image',
  coverAltHint: 'For people who cannot see it. Empty if it only decorates.',
  uploadCover: 'Upload a cover image',
  replaceCover: 'Replace',
  removeCover: 'Remove',
  seo: 'Search engines and link previews',
  seoTitle: 'SEO title',
  seoTitleHint: 'Empty: the title.',
  seoDescription: 'SEO description',
  seoDescriptionHint: 'Empty: the excerpt.',
  describeImage: 'Describe the image',
  imageAlt: 'Description, for people who cannot see it',
  imageAltHint: 'Empty if it only decorates the text.',
  addToText: 'Add to the text',
} as const;

/** How long a settings form's message stays, in milliseconds (seed §2.12: 5 s). */
export const settingsMessageMs = 5000;

/** What the Outbox screen says. */
export const outboxMessages = {
  title: 'Outbox',
  retried: 'The mail is being sent again now.',
  discarded: 'The mail was discarded.',
  chooseMail: 'Choose a mail and what to do with it.',
  notWaiting: 'That mail is no longer waiting: it was sent, discarded or is being sent just now.',
  allSent: 'Every mail has been sent.',
  counts: (pending: number, failed: number) => `${pending} waiting, ${failed} failed.`,
  caption: 'Mails not sent',
  columns: {
    subject: 'Subject',
    to: 'To',
    state: 'State',
    lastError: 'Last error',
    actions: 'Actions',
  },
  untitled: (id: number) => `Mail ${id}`,
  queued: 'queued',
  states: { pending: 'Waiting', failed: 'Failed' },
  attempts: (count: number) => `${count} ${count === 1 ? 'attempt' : 'attempts'}`,
  next: ', next',
  sendNow: 'Send now',
  /** Begins with the button's visible text, as its accessible name must (WCAG 2.5.3). */
  sendNowLabel: (name: string) => `Send now: “${name}”`,
  discard: 'Discard',
  discardLabel: (name: string) => `Discard “${name}”`,
  hint: (timeZone: string) =>
    `A mail the server does not take is tried again later, up to its last attempt; then it is kept here as failed. Times are in the site’s time zone, ${timeZone}.`,
} as const;

/** What the account screen says. */
export const accountMessages = {
  title: 'Your account',
  passwordChanged: 'Your password is changed. Every other device is signed out.',
  signedInAs: 'Signed in as',
  changeHeading: 'Change your password',
  current: 'Current password',
  next: 'New password',
  nextHint: 'At least 12 characters. Every other device you are signed in on is signed out.',
  again: 'The new password again',
  change: 'Change the password',
  devicesHeading: 'Devices',
  devicesText: 'Signed in on a computer you no longer use? End every session, this one too.',
  signOutEverywhere: 'Sign out on every device',
} as const;

/** What every signed-in screen says around its content: the bar, the navigation, the title. */
export const shellMessages = {
  screens: {
    dashboard: 'Dashboard',
    posts: 'Posts',
    pages: 'Pages',
    media: 'Media',
    tags: 'Tags',
    forms: 'Forms',
    entries: 'Entries',
    coupons: 'Coupons',
    stats: 'Statistics',
    subscribers: 'Subscribers',
    redirects: 'Redirects',
    settings: 'Settings',
    backups: 'Backups',
    import: 'Import',
    outbox: 'Outbox',
    users: 'Users',
    account: 'Your account',
    forbidden: 'Not allowed',
  },
  /** After the badge's count of entries not seen yet. */
  newEntries: ' new',
  skip: 'Skip to the content',
  viewSite: ' · view the site',
  signOut: 'Sign out',
  menu: 'Menu',
  navigation: 'Admin',
  breadcrumb: 'Breadcrumb',
  documentTitle: (title: string, siteTitle: string) => `${title} · ${siteTitle} admin`,
} as const;

/** What the sign-in and first set-up pages say. */
export const signInMessages = {
  title: 'Sign in',
  heading: 'Sign in to',
  email: 'E-mail address',
  password: 'Password',
  submit: 'Sign in',
  forgot: 'Forgot the password? On the server, run',
  resetCommand: 'npm run quire -- admin password --email you@example.org',
  setupTitle: 'Set up',
  setupIntro:
    'Name your site and create the administrator account. You will sign in with it from now on.',
  siteTitle: 'Site title',
  siteTitleHint:
    'Shown in the header, the footer, the follow pop-up and every mail. Change it any time in Settings.',
  siteTitleRule: 'Give the site a title of at most 120 characters.',
  startWith: 'Start with',
  startDemo: 'The demo site',
  startDemoHint:
    'Posts, pages, forms, images and a coupon that show every feature. Settings → Site removes them when you are ready.',
  startEmpty: 'An empty site',
  startEmptyHint: 'The demo is removed now: write your first post, build your first form.',
  account: 'Your administrator account',
  name: 'Your name',
  passwordRule: 'At least 12 characters.',
  passwordAgain: 'The password again',
  createAccount: 'Create the account',
  toSignIn: 'Go to the sign-in page',
} as const;

const figure = new Intl.NumberFormat('en');

const demoNouns = {
  posts: ['post', 'posts'],
  pages: ['page', 'pages'],
  forms: ['form', 'forms'],
  images: ['image', 'images'],
  coupons: ['coupon', 'coupons'],
  settings: ['setting', 'settings'],
} as const;

/** "9 posts, 4 pages, 3 forms and 1 coupon": the demo's items, the empty kinds left out. */
export function demoItems(counts: Partial<Record<keyof typeof demoNouns, number>>): string {
  const parts = Object.entries(demoNouns)
    .map(([kind, [one, many]]) => {
      const count = counts[kind as keyof typeof demoNouns] ?? 0;
      return count > 0 ? `${figure.format(count)} ${count === 1 ? one : many}` : '';
    })
    .filter(Boolean);
  return parts.length <= 1
    ? (parts[0] ?? 'nothing')
    : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** What the dashboard says. */
export const dashboardMessages = {
  writePost: 'Write a post',
  newPage: 'New page',
  visits: 'Visits',
  pageViewsToday: 'Page views today',
  visitorsToday: 'Visitors today',
  pageViewsWeek: 'Page views, 7 days',
  visitorsWeek: 'Visitors, 7 days',
  statsOff: 'Statistics are turned off for this site.',
  daysHint: (timeZone: string) =>
    `Whole days in ${timeZone}; your own visits while signed in are not counted.`,
  allStats: 'See every figure in Statistics',
  newestEntries: 'Newest form entries',
  unnamedForm: (id: number) => `Form ${id}`,
  noEntries: 'No entries yet.',
  subscribers: 'Subscribers',
  nobodyPending: 'Nobody is waiting to confirm a subscription.',
  pending: (count: number) =>
    `${figure.format(count)} ${count === 1 ? 'person has' : 'people have'} not confirmed their subscription yet.`,
  demoStill: 'Your site still shows the demo’s posts, pages and forms, to show what Quire does.',
  demoWhere: 'Remove them in Settings → Site when you are ready.',
  mail: 'Mail',
  allMailSent: 'Every mail was sent.',
  mailFailed: (count: number) =>
    `${figure.format(count)} ${count === 1 ? 'mail' : 'mails'} could not be sent after every retry. Check the mail server (Settings → Mail) and the server log.`,
  /** Without a mail server nothing is sent, so "every mail was sent" would not be true. */
  mailKeptLocally: (folder: string) =>
    `No mail server is set: every mail (form notifications, order mails, subscriber mail) is written to the folder ${folder} on the server and reaches nobody. Set a mail server in Settings → Mail to send mail.`,
} as const;

/** What the Settings screen's own parts say (each tab's fields are named in settings-sections.ts). */
export const settingsScreenMessages = {
  /** Mail goes through MAIL_URL: the server set on the Mail tab waits until it is removed. */
  mailFromEnvironment: (destination: string) =>
    `Mail goes out through ${destination}, named by MAIL_URL on the server. It takes precedence: the mail server below is used only once MAIL_URL is removed.`,
  mailThroughServer: (destination: string) =>
    `Mail goes out through ${destination}. Save, then send a test mail to check it.`,
  /** Without a server nothing leaves the machine. */
  mailKeptLocally: (folder: string) =>
    `No mail server is set: every mail is written to the folder ${folder} on the server and reaches nobody. Set your mail provider’s server below.`,
  /** The demo's box on the Site tab (decision 0053). */
  demoHeading: 'Demo content',
  demoStill: (items: string) =>
    `The site still has the demo’s ${items}. Removing them leaves what you wrote, and every post, form, coupon or setting of the demo you changed.`,
  demoRemove: 'Remove demo content',
  demoRemoving: 'Removing...',
  demoConfirmTitle: 'Remove the demo content?',
  demoConfirmText: (items: string) =>
    `This deletes the demo’s ${items}, and puts back the settings the demo set that you have not changed. A demo form that has entries is removed with its entries kept. It cannot be undone.`,
  demoRemoved: (items: string, kept: readonly string[]) =>
    `The demo content is gone: ${items}.${kept.length > 0 ? ` Kept because you changed them: ${kept.join(', ')}.` : ''}`,
  demoNothing: 'There is no demo content left to remove.',
  cancel: 'Cancel',
  tabs: 'Settings',
  save: 'Save',
  noImage: 'None.',
  uploadImage: (label: string) => `Upload a ${label.toLowerCase()}`,
  replaceImage: (label: string) => `Replace the ${label.toLowerCase()}`,
  removeImage: 'Remove',
  // The Header tab.
  breakPoint: 'Desktop header from (px)',
  breakPointHint: 'Narrower windows get the phone header with its menu button. From 320 to 4000.',
  menu: 'Menu',
  menuHint: 'Links in the header, in this order. A link with submenu links opens them as a list.',
  menuEmpty: 'The menu is empty: the header shows the site’s title only.',
  menuText: 'Menu text',
  submenuText: 'Submenu text',
  linkAddress: 'Address',
  unnamedLink: (position: number) => `link ${position}`,
  moveLinkUp: (name: string) => `Move “${name}” up`,
  moveLinkDown: (name: string) => `Move “${name}” down`,
  removeLink: 'Remove',
  removeLinkLabel: (name: string) => `Remove “${name}”`,
  submenuOf: (name: string) => `Submenu of “${name}”`,
  addSubmenuLink: (name: string) => `Add a submenu link to “${name}”`,
  addMenuLink: 'Add a menu link',
} as const;

/** What the Sharing settings tab says. */
export const sharingSettingsMessages = {
  email: 'E-mail',
  copyLink: 'Copy link',
  icons: 'Icons',
  iconsHint:
    'The bar shows the ticked icons in this order. “Follow” links to the site’s profile there (below); for RSS it is the feed, for e-mail the subscription page.',
  iconDoes: (network: string) => `What the ${network} icon does`,
  share: 'Share the page',
  follow: 'Follow the site',
  sharesOnly: 'Shares the page',
  moveUp: (network: string) => `Move ${network} up`,
  moveDown: (network: string) => `Move ${network} down`,
  profiles: 'Profiles to follow',
  profileAddress: (network: string) => `${network} address`,
  mastodon: 'Mastodon server to share through',
  mastodonHint: 'A host name such as mastodon.social. Empty: visitors pick their own.',
  placement: 'Where the bar goes',
  widget: 'In the footer of every page',
  sticky: 'Sticky above posts and pages',
  stickyHint: 'Above the text of posts and pages, staying at the top while it scrolls.',
  floating: 'Floating beside posts and pages',
  floatingHint: 'Beside the text of posts and pages, following the scroll.',
  height: 'Height',
  fromTop: 'From the top',
  middle: 'In the middle',
  bottom: 'At the bottom',
  side: 'Side',
  left: 'Left',
  centre: 'Centre',
  right: 'Right',
  topOffset: 'Pixels from the top',
  facebookPage: 'Facebook page box in the footer',
  facebookPageHint: 'Loads Facebook’s script, only for visitors who agreed to cookies.',
  popup: 'Follow pop-up',
  popupEnabled: 'Show the pop-up',
  popupEnabledHint: 'Asks visitors to follow or subscribe, once; it stays away for 30 days after.',
  popupTitle: 'Title',
  popupTitleHint: '{site} stands for the site’s title, as it is when the page is shown.',
  popupText: 'Text',
  popupDelay: 'Show after (seconds)',
  popupDelayHint: 'Empty: not after a time.',
  popupOnBottom: 'Show when a visitor reaches the end of a page',
  background: 'Background colour',
  fontColor: 'Text colour',
  borderColor: 'Border colour',
  borderWidth: 'Border width (px)',
  fontSize: 'Text size (px)',
  fontStyle: 'Text style',
  fontStyles: { normal: 'Normal', italic: 'Italic', bold: 'Bold', 'bold-italic': 'Bold italic' },
  font: 'Font',
  fontHint: 'Font names separated by commas. Empty: the site’s.',
  shadow: 'A shadow around the pop-up',
} as const;
