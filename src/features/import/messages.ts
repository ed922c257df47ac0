/** What the importer tells the owner when an export cannot be read. */
export const importMessages = {
  notWordPressExport:
    'This is not a WordPress export: WordPress writes it under Tools → Export as an .xml file.',
  brokenExport: (line: number, reason: string) =>
    `The WordPress export is damaged near line ${line} (${reason}). Export it again from WordPress; nothing was imported.`,
  fileUnreadable: (reason: string) => `The export file could not be read: ${reason}`,
  runFailed: (reason: string) =>
    `The import stopped: ${reason}. What was imported stays; run it again to finish.`,
  untitled: '(untitled)',
  notImportableYet: (source: string) =>
    `This import (${source}) was made by a newer version of Quire, which runs it; nothing was written.`,
  mediaFromNotAnAddress: (address: string) =>
    `--media-from ${address} is not the old site's web address: give it as https://old.example.org.`,
  noMediaSource:
    'No media folder or old-site address was given: images were not imported, and posts show them from the old site while it is online.',
  notAnImage:
    "Quire's media library holds images only: this file was not imported, and links to it still lead to the old site.",
  authorWithoutEmail: (login: string) =>
    `Author “${login}” has no e-mail address in the export: their posts were given the site's first administrator.`,
  authorRefused: (login: string, reason: string) =>
    `Author “${login}” could not become a user (${reason}); their posts were given the site's first administrator.`,
  statusSkipped: (status: string) => `Its status “${status}” is not one Quire imports.`,
  typesSkipped: (types: string) =>
    `Items of other kinds were not imported (Quire has posts, pages, images and forms): ${types}.`,
  privateAsDraft: (count: number) =>
    `${count} private post(s) or page(s) became drafts: Quire has no private posts, and a draft is seen by the site's users only.`,
  stickyNoted: (count: number) =>
    `${count} sticky post(s): Quire does not pin posts; they appear by date, and the import record keeps that they were sticky.`,
  nestedPages: (count: number) =>
    `${count} page(s) had a parent page: Quire's pages have one-part addresses (/team/), and the old nested addresses (/about/team/) lead to them.`,
  commentsKept: (count: number) =>
    `${count} comment(s) were read and kept with the import record: Quire has no comments yet.`,
  tooManyTags: (title: string, count: number) =>
    `“${title}” had ${count} categories and tags; Quire keeps 20 per post, the first 20 were kept.`,
  unresolvedTargets: (title: string, targets: string) =>
    `“${title}”: ${targets} named in the text were not imported and were left out.`,
  changedInQuire:
    'Changed in Quire since it was imported: kept as it is here, the export’s newer version was not applied.',
  deletedInQuire: 'Deleted in Quire since it was imported: not made again.',
  wpformsUnreadable: 'Its content is not a WPForms form (JSON) and was skipped.',
  formNote: (title: string, text: string) => `Form “${title}”: ${text}`,
  wpformsNotJson:
    'This is not a WPForms export: it is not JSON. WPForms writes its forms under WPForms → Tools → Export.',
  wpformsNoForms: 'This WPForms export holds no form.',
  formsOfSite: (site: string) =>
    `Forms were matched with those of ${site} imported before: a form already here was updated or skipped, not made again.`,
  entriesFormMissing: (id: number) =>
    `Form ${id}, which the entries were to be added to, is not on this site (deleted since?). Nothing was imported.`,
  entriesNothingToAdd: (title: string, notes: string[]) =>
    `No entry of this file could be added to form “${title}”${notes.length > 0 ? ` (${notes.slice(0, 3).join(' ')})` : ''}. Choose the form the entries were exported from; nothing was imported.`,
  entriesNote: (title: string, text: string) => `Entries of form “${title}”: ${text}`,
  entryRow: (line: number) => `line ${line}`,
  resumed: 'This run was interrupted and resumed: what it had already done was not done twice.',
  shortcodeListCut: (name: string, shown: number) =>
    `Shortcode [${name}] is used in more posts than the ${shown} listed.`,
} as const;

/**
 * What the importers tell the owner (locale en): the notes of a WPForms import, each saying what
 * did not come across and why, so the owner can redo it by hand.
 */
export const wpformsMessages = {
  untitledForm: (id: number) => `Form ${id}`,
  timePartLabel: (label: string) => (label === '' ? 'Time' : `${label} (time)`),
  notAnArray: 'This is not a WPForms export: it should be a list of forms (Tools → Export).',
  notAForm: (index: number) =>
    `Item ${index + 1} of the file is not a WPForms form; it was skipped.`,
  formRefused: (problems: string) => `The form could not be imported: ${problems}`,
  fieldNoEquivalent: (label: string, type: string) =>
    `Field “${label}” (${type}) has no equivalent in Quire and was left out.`,
  layoutFlattened: (label: string) =>
    `Layout “${label}”: Quire forms have no columns; its fields follow one another.`,
  fieldIdMoved: (from: number, to: number) =>
    `Field id ${from} cannot be used in Quire (ids start at 1); the field became ${to}.`,
  middleNameDropped: (label: string) =>
    `Name “${label}”: Quire asks for first and last name; the middle name input was dropped.`,
  dateTimeSplit: (label: string, timeId: number) =>
    `Date / Time “${label}” became a date field and a time field (id ${timeId}).`,
  dateDropdownStyle: (label: string) =>
    `Date “${label}”: shown as a date picker; Quire has no day/month/year drop-downs.`,
  dateFormatChanged: (label: string, format: string) =>
    `Date “${label}”: the format ${format} is not one of Quire's; mm/dd/yyyy is used.`,
  timeLimitDropped: (label: string) =>
    `Time “${label}”: the allowed hours could not be read and were left out.`,
  maskBecameText: (label: string) =>
    `Field “${label}”: its input mask has no 9, a or * and was dropped.`,
  captchaMoved: (label: string) =>
    `Captcha “${label}”: moved to the end of the last page, where Quire shows its captcha.`,
  captchaQuestions: (label: string) =>
    `Captcha “${label}”: WPForms' own math or question captcha is replaced by the site's captcha.`,
  captchaExtra: (label: string) =>
    `Captcha “${label}”: a form has one captcha; this one was left out.`,
  siteCaptchaAdded:
    'The form used reCAPTCHA, hCaptcha or Turnstile: a captcha field was added at its end (the site’s captcha, set in Settings).',
  cardOtherProvider: (label: string, type: string) =>
    `Field “${label}” (${type}) takes cards through another provider; it became Quire's card field, which uses Stripe.`,
  cardExtra: (label: string) =>
    `Card field “${label}”: a form has one card field; this one was left out.`,
  couponCodes: (label: string) =>
    `Coupon field “${label}”: WPForms coupons are not in this export; add them in the Coupons screen.`,
  priceUnreadable: (label: string, price: string) =>
    `Field “${label}”: the price “${price}” is not an amount; 0 was used.`,
  hiddenPrice: (label: string) =>
    `Single item “${label}” was hidden in WPForms; Quire shows it with its price hidden.`,
  choicesMissing: (label: string, type: string) =>
    `Field “${label}” (${type}) has no choices and was left out.`,
  extensionsDropped: (label: string, dropped: string) =>
    `File upload “${label}”: extensions ${dropped} are not plain extensions and were dropped.`,
  cssClassCleaned: (fieldLabel?: string) =>
    `${fieldLabel === undefined ? 'The form' : `Field “${fieldLabel}”`}: CSS classes may hold letters, digits, hyphens and spaces only; the other characters were removed.`,
  conditionDropped: (label: string, why: string) =>
    `Conditional logic of “${label}” was left out: ${why}`,
  conditionOperator: (operator: string) => `Quire has no “${operator}” comparison.`,
  conditionGroups: 'Quire cannot combine several “or” groups that each have several rules.',
  conditionField: (id: number) => `it refers to field ${id}, which was not imported.`,
  notificationsOff: 'Notifications were off in WPForms; Quire mails no one for this form.',
  notificationMerged: (name: string) =>
    `Notification “${name}”: Quire mails the owner one message per entry; its recipients were added to the first notification's.`,
  notificationRecipientDropped: (value: string) =>
    `Notification recipient “${value}” is not an e-mail address Quire can send to and was left out.`,
  notificationAdminPlusOthers:
    'A notification went to the site admin and other addresses; Quire sends to the listed addresses only: add the admin’s address if needed.',
  notificationMessage: (name: string) =>
    `Notification “${name}”: its own message body is not kept; Quire's owner mail lists every answer.`,
  notificationConditional: (name: string) =>
    `Notification “${name}”: its conditional logic was left out; it is sent for every entry.`,
  notificationSender: (name: string) =>
    `Notification “${name}”: the sender name, address, CC and Reply-To are the site's in Quire.`,
  visitorCopyExtra: (name: string) =>
    `Notification “${name}” to the visitor: Quire sends one copy to the visitor; this one was left out.`,
  smartTagsKept: (where: string, tags: string) =>
    `${where}: the smart tags ${tags} have no equivalent and are kept as written.`,
  confirmationsExtra: (count: number) =>
    `${count} more confirmation(s) with conditional logic were left out; Quire shows one.`,
  confirmationPage: (pageId: number) =>
    `The confirmation showed WordPress page ${pageId}; it now redirects to /?page_id=${pageId}, which the WordPress import redirects to the imported page.`,
  confirmationRedirectUnsafe: (url: string) =>
    `The confirmation redirect “${url}” is not a safe address; the default message is shown.`,
  paymentProviderOther: (provider: string) =>
    `Payments through ${provider} are not available in Quire; the site's payment provider is used.`,
  entriesNoRows: 'The CSV has no header line.',
  entriesUnclosedQuote: (line: number) =>
    `A quote opened on line ${line} is never closed; the rows from there on could not be read.`,
  entriesColumnUnmatched: (header: string) =>
    `Column “${header}” matches no field of the imported form and was left out.`,
  entriesDateUnreadable: (line: number, value: string) =>
    `Line ${line}: the entry date “${value}” could not be read; the import time will be used.`,
  entriesChoiceUnknown: (line: number, label: string, value: string) =>
    `Line ${line}: “${value}” is not a choice of “${label}”; it is kept as written.`,
};

/**
 * What the Ghost import tells the owner (locale en): why a file cannot be read, and per post
 * what did not come across as it was on Ghost, so the owner can look at it.
 */
export const ghostMessages = {
  notGhostExport:
    'This is not a Ghost export: Ghost writes it under Settings → Advanced → Import/Export → Export content, as a .json file.',
  brokenGhostExport: (reason: string) =>
    `The Ghost export is not complete JSON (${reason}). Export it again from Ghost; nothing was imported.`,
  wordPressGiven:
    'This is a WordPress export (.xml), not a Ghost one: import it as a WordPress export.',
  quireContentGiven:
    'This is a Quire content file, not a Ghost export: add it with `npm run quire -- import FILE`.',
  wpformsGiven: 'This is a WPForms export (a list of forms), not a Ghost export.',
  noSiteUrl:
    'The export does not say the old site’s address; give it (--site-url) so its images and links can be found.',
  sentByEmail:
    'It was sent as a newsletter only and never shown on the site; it was imported as a draft.',
  emailOnly: 'It was an e-mail-only post; it was imported as a draft.',
  visibility: (visibility: string) =>
    `It was for ${visibility === 'paid' ? 'paying members' : visibility === 'tiers' ? 'some tiers' : 'members'} only on Ghost; Quire shows every post to everyone.`,
  internalTags: (tags: string) =>
    `Internal tags ${tags} are Ghost's own markers and were left out.`,
  codeInjection: 'Its code injection (scripts or styles of its own) was left out.',
  bodyUnreadable: (format: string) =>
    `Its ${format} body could not be read; the other copy Ghost keeps of it was used.`,
  bodyMissing: 'It has no body Quire can read; it was imported empty.',
  paywall: 'Its members-only part (after the paywall) is shown to everyone: Quire has no paywall.',
  signupCard: 'Its sign-up card was left out: Quire’s subscription box is on every post.',
  emailCard: 'Its e-mail-only content (shown in the newsletter, not on the site) was left out.',
  headerCard: 'Its header card became a heading and text; the background is not kept.',
  productCard: 'Its product card became an image, a title, text and a link.',
  callToActionCard: 'Its call-to-action card became text and a link; its styling is not kept.',
  transistorCard: 'Its Transistor podcast player was left out: it needs Ghost’s integration.',
  memberNoEmail: (line: number) => `Line ${line}: no e-mail address; skipped.`,
  memberBadEmail: (line: number, email: string) =>
    `Line ${line}: “${email}” is not an e-mail address Quire can send to; skipped.`,
  memberDuplicate: (line: number, first: number) =>
    `Line ${line}: the same address as line ${first}; skipped.`,
  membersNoEmailColumn:
    'This is not a Ghost members file: it has no “email” column (Ghost writes it under Members → Export).',
  membersNoSubscribedColumn:
    'The members file does not say who is subscribed (no “subscribed_to_emails” column): no one was added as a subscriber.',
  postNote: (title: string, text: string) => `“${title}”: ${text}`,
  unknownCards: (name: string, count: number, posts: string) =>
    `Card “${name}” is not one Quire knows: left out ${count} time(s), its text kept, in ${posts}.`,
  featuredNoted: (count: number) =>
    `${count} featured post(s): Quire does not pin posts; they appear by date, and the import record keeps that they were featured.`,
  authorWithoutEmail: (name: string) =>
    `Author “${name}” has no e-mail address in the export: their posts were given the site's first administrator.`,
  authorRefused: (name: string, reason: string) =>
    `Author “${name}” could not become a user (${reason}); their posts were given the site's first administrator.`,
  memberNotSubscribed:
    'Ghost says this member is not subscribed to e-mails (or was deleted): not added as a subscriber.',
  membersUnclosedQuote: (line: number) =>
    `A quote opened on line ${line} is never closed; the members from there on could not be read.`,
} as const;

/**
 * Why a file of the old site's media library could not be had (decision 0064). Each names the
 * file, so a report that lists them tells the owner which to bring over by hand.
 */
export const mediaMessages = {
  folderUnreadable: (folder: string) =>
    `The media folder ${folder} does not exist or cannot be read. Give the folder that holds a copy of wp-content/uploads (or Ghost's content/images).`,
  notAFolder: (folder: string) =>
    `${folder} is not a folder. Give the folder that holds a copy of wp-content/uploads (or Ghost's content/images).`,
  noPath: (url: string) =>
    `${url}: not in the uploads folder's addresses (/wp-content/uploads/ or /content/images/), and the export names no file path.`,
  outsideFolder: (url: string, path: string) =>
    `${url}: not read: ${path} lies outside the media folder.`,
  missingFile: (url: string, path: string) =>
    `${url}: not in the media folder (looked for ${path}).`,
  notAFile: (url: string, path: string) => `${url}: ${path} is not a file.`,
  unreadableFile: (url: string, path: string) => `${url}: ${path} could not be read.`,
  tooLarge: (url: string, megabytes: number) =>
    `${url}: larger than ${megabytes} MB, Quire's limit for images.`,
  notAnAddress: (url: string) => `${url}: not fetched: this is not a web address.`,
  notHttp: (url: string) => `${url}: not fetched: only http and https addresses are fetched.`,
  hostNotAllowed: (url: string, host: string) =>
    `${url}: not fetched: ${host} is not the old site's address.`,
  privateAddress: (url: string, host: string) =>
    `${url}: not fetched: ${host} resolves to a private address.`,
  hostNotFound: (url: string, host: string) => `${url}: not fetched: ${host} could not be found.`,
  unreachable: (url: string, detail: string) =>
    `${url}: the old site could not be reached (${detail}).`,
  certificateRefused: (url: string, detail: string) =>
    `${url}: not fetched: the old site's certificate was refused (${detail}). Give a copy of its uploads folder instead.`,
  answered: (url: string, status: number) => `${url}: the old site answered ${status}.`,
  webPage: (url: string) => `${url}: the old site answered with a web page, not the file.`,
  tooManyRedirects: (url: string, most: number) =>
    `${url}: not fetched: the old site redirected more than ${most} times.`,
  noAnswer: (url: string, seconds: number) =>
    `${url}: the old site did not answer within ${seconds} s.`,
  tookTooLong: (url: string, seconds: number) => `${url}: took longer than ${seconds} s.`,
  afterTries: (reason: string, tries: number) =>
    `${reason.replace(/\.$/, '')} (tried ${tries} times).`,
} as const;
