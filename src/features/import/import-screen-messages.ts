/** What Admin → Import says (locale en): the upload form, the runs and one run's report. */

const figure = new Intl.NumberFormat('en');
const plural = (count: number, one: string, many: string) =>
  `${figure.format(count)} ${count === 1 ? one : many}`;

export const importScreenMessages = {
  title: 'Import',
  intro:
    'Move in from another site: posts, pages, images, authors and every old address from WordPress or Ghost, forms from WPForms, members from Ghost. The import goes on by itself once the file is here; you may close this page and come back.',
  emptySiteHint: 'Moving from WordPress or Ghost?',
  emptySiteLink: 'Import your site',
  setupHint:
    'Moving from WordPress or Ghost? Start with an empty site, then import yours under Import.',

  // The form.
  newImport: 'New import',
  whatLegend: 'What to import',
  kindLabels: {
    wordpress: 'WordPress export (.xml)',
    ghost: 'Ghost export (.json)',
    wpforms: 'WPForms forms export (.json)',
    'wpforms-entries': 'WPForms entries (.csv)',
    'ghost-members': 'Ghost members (.csv)',
  },
  kindHints: {
    wordpress: 'In WordPress: Tools → Export → All content.',
    ghost: 'In Ghost: Settings → Advanced → Import/Export → Export your content.',
    wpforms: 'In WordPress: WPForms → Tools → Export → Form Exports.',
    'wpforms-entries':
      'In WordPress: WPForms → Entries → choose a form → Export All (CSV). They are added to a form here, never mailed.',
    'ghost-members':
      'In Ghost: Members → Export. Only members Ghost says are subscribed become subscribers.',
  },
  fileLabel: 'File',
  fileHint: (most: string) => `Up to ${most}.`,
  mediaLegend: 'Images and other media',
  mediaSite: 'Fetch them from the old site',
  mediaSiteAddress: 'The old site’s address',
  mediaSiteHint: 'Filled in from the export when it names its site. Only that site is asked.',
  mediaFolder: 'Take them from a folder on this server',
  mediaFolderPath: 'Folder (the old site’s wp-content/uploads, or Ghost’s content/images)',
  mediaNone: 'Leave them out',
  siteUrlLabel: 'The old site’s address (optional)',
  siteUrlHint:
    'Ghost 4 and later leave it out of the export. Give it (https://…) so links to the old site and its image addresses lead here.',
  formLabel: 'Add them to the form',
  formHint: 'The form these entries were sent with, imported from WPForms before.',
  formChoose: 'Choose a form',
  noForms:
    'There is no form yet: import the forms first (a WordPress export or a WPForms forms export).',
  dryRun: 'Try first (dry run): show what would happen, write nothing',
  start: 'Upload and import',
  uploading: (percent: number) => `Uploading: ${percent}%`,
  uploadingLabel: 'Upload',
  uploadFailed: 'The file could not be sent. Check the connection and try again.',

  // Refusals.
  chooseKind: 'Choose what to import.',
  chooseFile: 'Choose the file to import.',
  chooseForm: 'Choose the form to add the entries to.',
  formMissing: (id: number) => `There is no form ${id} on this site (deleted since?).`,
  tooLarge: (most: string) =>
    `The file is larger than ${most}, the most an import takes. For a larger site, import it with npm run quire -- import-wordpress FILE on the server.`,
  oneFile: 'Send one file at a time.',
  addressNeeded:
    'Give the old site’s address (https://…) to fetch the images from, or choose another way.',
  addressInvalid: 'The old site’s address must start with https:// or http://.',
  folderNeeded: 'Give the folder the images are in, or choose another way.',
  folderAbsolute: 'Give the folder’s whole path, starting with /.',
  folderMissing: (path: string) =>
    `There is no folder ${path} on this server, or it cannot be read.`,
  compressed: 'This file is compressed: unpack it first and choose the file inside.',
  notText: 'This is not a text file, so it is no export Quire reads.',
  empty: 'This file is empty.',
  notWordPress:
    'This is not a WordPress export: WordPress writes it under Tools → Export as an .xml file.',
  xmlNotWordPress:
    'This XML file is not a WordPress export (it lacks WordPress’s export namespace). Export again under Tools → Export → All content.',
  jsonNotXml:
    'This is a JSON file, not a WordPress export. If it is a Ghost or WPForms export, choose that above.',
  csvNotXml: 'This is a CSV file, not a WordPress export. For Ghost members, choose that above.',
  notGhost:
    'This is not a Ghost export: Ghost writes a .json file under Settings → Advanced → Import/Export.',
  listNotGhost:
    'This JSON file is a list, as WPForms writes its forms, not a Ghost export. If it is a WPForms export, choose that above.',
  notWpforms:
    'This is not a WPForms export: WPForms writes its forms as a .json list under WPForms → Tools → Export.',
  objectNotWpforms:
    'This JSON file is not a list of forms as WPForms writes them. If it is a Ghost export, choose that above.',
  notWpformsEntries:
    'This is not a WPForms entries file: WPForms writes it as a .csv file under WPForms → Entries → Export.',
  notMembers:
    'This is not Ghost’s members file: it should be a .csv file whose first line names an email column (Members → Export).',

  // The runs.
  runsTitle: 'Imports',
  noRuns: 'Nothing imported yet.',
  runColumns: {
    file: 'File',
    kind: 'What',
    started: 'Started',
    status: 'Status',
  },
  sourceNames: {
    wordpress: 'WordPress',
    ghost: 'Ghost',
    wpforms: 'WPForms',
    'wpforms-entries': 'WPForms entries',
    'ghost-members': 'Ghost members',
  } as Record<string, string>,
  dryRunTag: 'dry run',
  runTitle: (fileName: string) => `Import of ${fileName}`,
  runNotFound: 'There is no such import.',
  waiting: 'Waiting to start',
  waitingLong:
    'Waiting to start: no Quire process has picked this import up yet. It starts when the server’s background work runs; if it stays so, check that the server is running and look at its log.',
  running: 'Importing',
  runningPhase: (phase: string) => `Importing: ${phase}`,
  doneOf: (done: number, total: number) =>
    total > 0 ? `${figure.format(done)} of ${figure.format(total)}` : figure.format(done),
  progressLabel: 'Progress',
  done: 'Finished',
  failed: 'Failed',
  failedBecause: (reason: string) => `Failed: ${reason}`,
  refresh: 'Refresh',
  stillWorking: 'This page follows the import as it goes; you may close it and come back.',
  options: 'Options',
  optionMediaFrom: (address: string) => `Images fetched from ${address}`,
  optionMediaDir: (folder: string) => `Images taken from ${folder}`,
  optionNoMedia: 'Images left out',
  optionSiteUrl: (address: string) => `Old site ${address}`,
  optionForm: (form: string) => `Added to “${form}”`,
  formNumber: (id: number) => `form ${id}`,
  optionDryRun: 'Dry run: nothing written',
  phaseNames: {
    reading: 'reading the file',
    authors: 'authors',
    tags: 'tags',
    media: 'images',
    posts: 'posts and pages',
    forms: 'forms',
    redirects: 'old addresses',
    addresses: 'old addresses',
    members: 'members',
    entries: 'entries',
  } as Record<string, string>,

  // The report.
  reportTitle: 'Report',
  reportWhenDone: 'The report appears here when the import has ended.',
  dryRunBanner: 'Dry run: nothing was written. This is what a real import would do.',
  runForReal: 'Import it for real',
  kindColumn: 'Kind',
  countColumns: {
    imported: 'Imported',
    updated: 'Updated',
    skipped: 'Skipped',
    failed: 'Failed',
  },
  kindNames: {
    post: 'Posts',
    page: 'Pages',
    attachment: 'Images and files',
    media: 'Images and files',
    image: 'Images',
    author: 'Authors',
    user: 'Authors',
    tag: 'Tags',
    category: 'Categories',
    form: 'Forms',
    entry: 'Form entries',
    redirect: 'Old addresses',
    member: 'Members',
    comment: 'Comments',
  } as Record<string, string>,
  nothingCounted: 'Nothing counted yet.',
  problemsTitle: 'Problems',
  problemColumns: { kind: 'Kind', item: 'Item', reason: 'Why' },
  noProblems: 'No problems.',
  moreProblems: (shown: number, total: number) =>
    `The first ${figure.format(shown)} of ${figure.format(total)} problems; the report (JSON) has all of them.`,
  shortcodesTitle: 'Shortcodes Quire does not know',
  shortcodesIntro:
    'These were left out of the posts (the text inside them kept). Redo what they showed by hand where it matters.',
  shortcodeUses: (name: string, count: number) => `[${name}]: ${plural(count, 'use', 'uses')}`,
  shortcodePosts: 'in',
  morePosts: (count: number) => `and ${plural(count, 'more post', 'more posts')}`,
  comments: (count: number) =>
    `${plural(count, 'comment was', 'comments were')} read and kept with the import record: Quire has no comments yet.`,
  notesTitle: 'Notes',
  downloadReport: 'Download the report (JSON)',
  deleteFile: 'Delete the uploaded file',
  deleteFileHint: 'The record and its report stay; a run for real then needs the file again.',
  fileDeleted: 'The uploaded file was deleted; the record and its report are kept.',
  fileInUse: (id: number) =>
    `Import ${id} is working from this file; delete it once that one has finished.`,
  fileGone: 'The uploaded file is no longer on the server.',
  againStarted: 'A new import of the same file was created.',
  notFinished: 'This import is not finished yet.',
  notDryRun: 'Only a dry run can be run for real.',
} as const;
