const figure = new Intl.NumberFormat('en');

/** Bytes as a person reads them: 512 bytes, 3.42 KB, 12.5 MB, 200 MB, 1.25 GB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${figure.format(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0)} ${units[unit]}`;
}

/** What the download's progress calls the tables an owner knows by another name. */
const tableLabels: Record<string, string> = {
  media: 'images',
  posts: 'posts and pages',
  post_tags: 'posts’ topics',
  tags: 'topics',
  forms: 'forms',
  form_entries: 'form entries',
  form_files: 'form files',
  form_file_chunks: 'form files',
  form_coupons: 'coupons',
  subscribers: 'subscribers',
  stat_hits: 'page views',
  stat_daily: 'daily statistics',
  mail_outbox: 'mail',
  users: 'accounts',
  settings: 'settings',
};

/** What the Backups screen, its download and the dashboard say about backups. */
export const backupMessages = {
  title: 'Backups',
  intro:
    'A backup is one file holding everything the site has: posts, pages, images, forms, entries and their files, subscribers, statistics, settings and accounts. Restore it into an empty site, on SQLite or PostgreSQL, with',
  restoreCommand: 'npm run quire -- restore FILE',
  downloadHeading: 'Download a backup',
  downloadHint:
    'Made from one moment of the site while it goes on serving. Sign-in sessions are not in it: after a restore everyone signs in again.',
  download: 'Download a backup',
  downloadLabel: 'Backup download',
  preparing: 'Preparing the backup…',
  received: (received: number, about: number | undefined) =>
    about === undefined
      ? `Received ${formatSize(received)}`
      : `Received ${formatSize(received)} of about ${formatSize(about)}`,
  writing: (table: string, index: number, count: number) =>
    `writing ${tableLabels[table] ?? table} (table ${index} of ${count})`,
  writingFiles: 'writing the form files kept in S3',
  downloaded: (bytes: number) => `Downloaded the backup: ${formatSize(bytes)}.`,
  downloadFailed: 'The download stopped before the end; nothing was saved. Try again.',
  largeBackup: (about: number) =>
    `This backup is about ${formatSize(about)}: your browser downloads it itself, without progress here. See its downloads.`,
  dailyHeading: 'Daily backups',
  dailyHint:
    'Once a day one instance of the site writes a backup into a folder of the server and removes the oldest beyond the number kept. Copy that folder to another machine or storage: a backup on the same disk does not survive the disk.',
  daily: 'Make a backup every day',
  folder: 'Folder on the server',
  folderHint:
    'An absolute path, such as /var/backups/quire. It is made if missing; the site’s user must be able to write it.',
  keep: 'Backups kept',
  keepHint: 'From 1 to 365; the oldest beyond this number are deleted after each new backup.',
  save: 'Save',
  saved: 'Saved. The next daily backup is written within the hour, and then once a day.',
  savedOff: 'Saved. No daily backups are made.',
  folderAbsolute: 'Give the folder’s absolute path, starting with /.',
  folderNeeded: 'Give the folder the daily backups go to.',
  folderTooLong: 'The folder’s path is too long.',
  keepRange: 'Keep between 1 and 365 backups.',
  folderProblem: (problem: string) => `This folder cannot take backups: ${problem}.`,
  inFolder: 'In the folder',
  noFolder: 'No folder is set.',
  noFiles: 'No backups in this folder yet.',
  filesCaption: 'Backups in the folder, newest first',
  columns: { file: 'File', size: 'Size', made: 'Made' },
  lastRun: 'Last daily backup',
  runDone: (file: string, bytes: number) => `${file}, ${formatSize(bytes)}.`,
  runFailed: (error: string) => `It failed: ${error}`,
  runInterrupted: 'It was interrupted (the server stopped while writing it).',
  runGoing: 'It is being written now.',
  noRunYet: 'None yet.',
  dashboardFailed: (day: string, error: string) =>
    `The daily backup of ${day} failed: ${error}. Check the folder in Backups.`,
  dashboardInterrupted: (day: string) =>
    `The daily backup of ${day} was interrupted before it was written whole. Check the server log and Backups.`,
  dashboardCard: 'Backups',
  dashboardLink: 'See Backups',
} as const;
