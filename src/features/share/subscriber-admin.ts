/**
 * The owner's Subscribers screen (issue 16): what the list, its filter and the import share
 * between the server and the page, and every text the screen shows. The queries and actions
 * are in server/subscriber-review.ts; decision 0041.
 */
import type { SubscriberStatus } from '../../platform/db/schema.ts';

export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;

/** A feed the owner can pick: the whole site or one topic (tag). */
export type FeedChoice = { id: number; title: string; tagName?: string };

export type SubscriberRow = {
  id: number;
  feedId: number;
  feedTitle: string;
  email: string;
  status: SubscriberStatus;
  createdAt: number;
  confirmedAt: number | null;
  unsubscribedAt: number | null;
};

/** The list's filter as the address carries it; anything it does not know is ignored. */
export type SubscriberFilter = {
  feedId: number | undefined;
  status: SubscriberStatus | undefined;
  search: string;
  page: number;
};

export function readSubscriberFilter(params: URLSearchParams): SubscriberFilter {
  const feed = params.get('feed') ?? '';
  const status = params.get('status') ?? '';
  return {
    feedId: /^\d{1,9}$/.test(feed) ? Number(feed) : undefined,
    status: (subscriberStatuses as readonly string[]).includes(status)
      ? (status as SubscriberStatus)
      : undefined,
    search: (params.get('q') ?? '').trim().slice(0, 200),
    page: Math.max(1, Math.min(100_000, Number.parseInt(params.get('page') ?? '1', 10) || 1)),
  };
}

/** The filter's query string (without `?`), to link a page of the list or come back to it. */
export function subscriberFilterQuery(filter: SubscriberFilter, page = filter.page): string {
  const params = new URLSearchParams();
  if (filter.feedId !== undefined) params.set('feed', String(filter.feedId));
  if (filter.status) params.set('status', filter.status);
  if (filter.search) params.set('q', filter.search);
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/** What an import makes of the people it adds. */
export type ImportMode = 'pending' | 'confirmed';

/** One line of the import the owner should know about: refused, or left as it was. */
export type ImportNote = {
  line: number;
  kind: 'invalid' | 'duplicate' | 'unsubscribed' | 'existing' | 'limited';
  message: string;
};

export type ImportReport = {
  feedTitle: string;
  mode: ImportMode;
  added: number;
  mailed: number;
  /** Addresses already on the list (pending or confirmed), left as they were. */
  unchanged: number;
  /** Former subscribers who unsubscribed: never subscribed again by an import. */
  keptUnsubscribed: number;
  refused: number;
  notes: ImportNote[];
  /** A problem with the file as a whole (nothing or not everything could be read). */
  fileError?: string;
};

/** The largest CSV file the import reads: about 25,000 addresses. */
export const subscriberImportMaxBytes = 1024 * 1024;

/** The import form's whole body: the file and the few fields around it. */
export const subscriberImportLimits = { maxBytes: subscriberImportMaxBytes + 16 * 1024 } as const;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const subscriberAdminMessages = {
  title: 'Subscribers',
  importTitle: 'Import subscribers',
  allFeeds: 'All feeds',
  siteFeed: (siteTitle: string) => `${siteTitle} (the whole site)`,
  topicFeed: (tagName: string) => `Topic: ${tagName}`,
  removedFeed: (feedId: number) => `A removed topic (feed ${feedId})`,
  feedLabel: 'Feed',
  statusLabel: 'Status',
  anyStatus: 'Any',
  searchLabel: 'Address contains',
  filter: 'Filter',
  showAll: 'Show all',
  statusNames: { pending: 'Pending', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' },
  columns: {
    email: 'Address',
    feed: 'Feed',
    status: 'Status',
    since: 'Since',
    actions: 'Actions',
  },
  caption: 'Subscribers',
  count: (total: number, filtered: boolean, page: number, pageCount: number) =>
    total === 0
      ? filtered
        ? 'No subscriber matches this filter.'
        : 'No subscribers yet.'
      : `${plural(total, 'subscriber', 'subscribers')}${filtered ? ' match' : ''}${pageCount > 1 ? `, page ${page} of ${pageCount}` : ''}.`,
  totals: (counts: Record<SubscriberStatus, number>, oneFeed: boolean) =>
    `${oneFeed ? 'In this feed' : 'In all feeds'}: ${counts.confirmed} confirmed, ${counts.pending} pending, ${counts.unsubscribed} unsubscribed.`,
  subscribedOn: 'subscribed',
  confirmedOn: 'confirmed',
  unsubscribedOn: 'unsubscribed',
  resend: 'Resend',
  resendLabel: (email: string) => `Resend the confirmation mail to ${email}`,
  remove: 'Remove',
  removeLabel: (email: string) => `Remove ${email}`,
  removeHint:
    'Remove deletes the address from the feed for good; the person can subscribe again. To stop mails but keep a record, they unsubscribe with the link in every mail.',
  exportLink: 'Export CSV',
  /** Begins with the link's visible text, as its accessible name must (WCAG 2.5.3). */
  exportLabel: 'Export CSV of the listed subscribers',
  importLink: 'Import CSV',
  pagingLabel: 'Pages of the list',
  newer: 'Previous',
  older: 'Next',
  pageOf: (page: number, pageCount: number) => `Page ${page} of ${pageCount}`,
  timesHint: (timeZone: string) => `Times are in the site’s time zone, ${timeZone}.`,
  noticeResent: 'A new confirmation mail is on its way.',
  noticeRemoved: 'The subscriber was removed.',
  removeQuestion: (email: string, feed: string) =>
    `Remove ${email} from “${feed}”? They are sent nothing more, and no record of their subscription is kept; they can subscribe again themselves.`,
  confirmRemove: 'Yes, remove them',
  keep: 'Keep them',
  pickSubscriber: 'Choose a subscriber and what to do.',
  subscriberGone: 'That subscriber is no longer on the list.',
  notPending: (status: SubscriberStatus) =>
    status === 'confirmed'
      ? 'That subscriber has already confirmed; no confirmation mail is needed.'
      : 'That person unsubscribed: they are not sent a confirmation mail. They can subscribe again themselves.',
  addressLimited:
    'That address has already been sent 3 confirmation mails in the last 24 hours. Try again tomorrow.',
  // The import form.
  importIntro:
    'A CSV file with one address per line. A first line naming an “email” column is read as the header; other columns are ignored. Addresses already on the list stay as they are.',
  fileLabel: 'CSV file',
  fileHint: (maxBytes: number) => `Up to ${Math.round(maxBytes / 1024)} KB, UTF-8.`,
  importFeedLabel: 'Add them to',
  modeLegend: 'Their status',
  modePending: 'Pending: they confirm with a link sent by mail (double opt-in)',
  modeConfirmed: 'Already confirmed (I have their consent)',
  sendMails: 'Send confirmation mails',
  sendMailsHint:
    'Only for pending people. Without it nobody is mailed: pending people stay pending, and you can resend the confirmation from the list later.',
  importButton: 'Import',
  backToList: 'Back to the subscribers',
  // The import's outcome.
  importDone: (report: ImportReport) =>
    `${report.feedTitle}: ${plural(report.added, 'address', 'addresses')} added as ${report.mode}${report.mode === 'pending' ? `, ${plural(report.mailed, 'confirmation mail', 'confirmation mails')} sent` : ''}; ${report.unchanged} already on the list, ${report.keptUnsubscribed} left unsubscribed, ${plural(report.refused, 'line', 'lines')} refused.`,
  notesCaption: 'Lines not imported as they were',
  noteLine: 'Line',
  noteWhat: 'What happened',
  noFile: 'Choose a CSV file to import.',
  emptyFile: 'The file has no addresses.',
  fileTooLarge: (maxBytes: number) =>
    `The file is larger than ${Math.round(maxBytes / 1024)} KB. Split it and import the parts one after the other.`,
  notText: 'The file is not UTF-8 text. Save it from the spreadsheet as “CSV UTF-8”.',
  unclosedQuote: (line: number) =>
    `A quote opened on line ${line} is never closed, so the file from there on could not be read. The lines before it were imported.`,
  pickFeed: 'Choose the feed to add them to.',
  invalidAddress: (value: string) =>
    value === '' ? 'No address in this line.' : `“${value}” is not an e-mail address.`,
  duplicateOf: (line: number) => `The same address as line ${line}; imported once.`,
  alreadyListed: (status: SubscriberStatus) =>
    status === 'confirmed' ? 'Already subscribed (confirmed).' : 'Already on the list (pending).',
  keptUnsubscribed:
    'This person unsubscribed before; an import does not subscribe them again. They can subscribe again themselves.',
  mailLimited:
    'Added as pending, but this address has had 3 confirmation mails in 24 hours; none was sent now.',
} as const;
