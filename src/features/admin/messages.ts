import type { Permission } from './permissions.ts';

/** What each permission lets a user change, as a refusal names it. */
const permissionNames: Record<Permission, string> = {
  posts: 'posts and pages',
  forms: 'forms',
  entries: 'form entries',
  payments: 'payments and coupons',
  subscribers: 'subscribers',
  settings: 'the site’s settings',
  outbox: 'the mail outbox',
  account: 'this account',
};

/** What the admin says to a site owner; every sentence of it lives here, for translation. */
export const adminMessages = {
  secretKept: 'Saved (hidden): type a new one to replace it',
  secretFromEnvironment: 'Set on the server (environment); change it there.',
  /** The same whether the address has an account or not, so nobody learns which do. */
  signInWrong: 'The e-mail address or the password is not right.',
  signInThrottled: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
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
  /** The save button while a settings form is saved (seed §2.12, §8). */
  saving: 'Saving...',
  settingsSaved: 'Settings saved. The site shows them now.',
  settingsInvalid: 'Some settings need a change: see the marked fields.',
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
  testMailFailed: (problem: string) =>
    `The test mail could not be sent: ${problem}. Check MAIL_URL and the sender address.`,
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
  deleteButton: 'Delete',
  deleteTitle: (title: string) => `Delete “${title}”?`,
  deleteText: 'It leaves the site at once, with its address. This cannot be undone.',
  deleteConfirm: 'Delete for good',
  cancel: 'Cancel',
  deleted: (title: string) => `“${title}” was deleted.`,
  deleteFailed: 'It could not be deleted: check the connection and try again.',
  uploading: (name: string) => `Uploading ${name}...`,
  uploaded: (name: string) => `${name} is uploaded. Describe it for people who cannot see it.`,
  uploadFailed: (problem: string) => `The image could not be uploaded: ${problem}`,
  uploadNoFile: 'Choose an image to upload.',
  uploadNotImage: 'Only images can be added here: JPEG, PNG, WebP or GIF.',
  previewFailed: 'The preview could not be updated: check the connection.',
  previewEmpty: 'The preview shows here as you write.',
  unsaved: 'You have changes that are not saved.',
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
  sendNowLabel: (name: string) => `Send “${name}” now`,
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
