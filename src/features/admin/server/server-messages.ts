/**
 * The admin's texts only the server writes (locale en): the plain answers of its downloads.
 * Apart from messages.ts so the admin's browser bundle does not carry them.
 */
export const serverAdminMessages = {
  downloadSignIn: 'Sign in to download this.',
  downloadCrossSite: 'Open this download from the site itself.',
  downloadNotAllowed: 'Your account may not download this. Ask an administrator.',
  noSuchFile: 'There is no such file.',
  noSuchForm: 'There is no such form.',
  entriesChooseForm: 'Choose a form that exists to download its entries.',
  entriesChooseView: 'Choose entries, spam or all.',
  backupGone: 'There is no such backup in the folder of the daily backups.',
} as const;
