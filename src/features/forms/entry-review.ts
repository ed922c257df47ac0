/**
 * The admin's Entries screens (issue 16): what the server hands the screens, the filters the
 * address carries, and every text they show (locale en). Isomorphic: read by the server's
 * queries and the admin's React components alike.
 */

import type { OrderSummary } from '../payments/order-pricing.ts';

export const entryViews = ['entries', 'spam', 'starred', 'all'] as const;
export type EntryView = (typeof entryViews)[number];

export const paymentFilters = ['awaiting', 'paid', 'failed', 'refunded'] as const;
export type PaymentFilter = (typeof paymentFilters)[number];

/** The most entries the list counts (the server's count stops one after it). */
export const entryCountLimit = 10_000;

/** Rows on one page of the list. */
export const entriesPageSize = 50;
/** The longest search the list takes; a longer one is cut, and said so. */
export const entrySearchLimit = 100;

/** What the list shows, as the address's query carries it. */
export type EntryListQuery = {
  view: EntryView;
  formId?: number | undefined;
  payment?: PaymentFilter | undefined;
  search: string;
  /** `YYYY-MM-DD`, days in UTC, both included. */
  from: string;
  to: string;
  /** Seek paging: the entries older than this id, or newer than `after`. */
  before?: number | undefined;
  after?: number | undefined;
};

export type EntryListRow = {
  id: number;
  formId: number;
  formTitle: string;
  status: 'entry' | 'spam';
  spamReason: string | null;
  starred: boolean;
  submittedAt: number;
  /** The first answers, shortened: what tells one entry from another at a glance. */
  preview: string;
  payment: { status: PaymentFilter; amount: string } | null;
};

export type EntryListPage = {
  rows: EntryListRow[];
  /** Entries the filter matches, up to `entryCountLimit` + 1 (then "more than"); null when a
   * search is given (it is not counted). */
  total: number | null;
  /** Ids to page on: older after the last row, newer before the first. */
  olderThan: number | null;
  newerThan: number | null;
};

export type EntryDetail = {
  id: number;
  formId: number;
  formTitle: string;
  status: 'entry' | 'spam';
  spamReason: string | null;
  starred: boolean;
  fields: { id: number; type: string; label: string; value: string }[];
  files: { name: string; size: string; href: string; fieldId: number | null }[];
  /** The order's lines and payment, for an entry of a payment form. */
  order: {
    /** The rows, coupon and total as the visitor's order table showed them. */
    summary: OrderSummary;
    /** The order's ISO 4217 code (the site's currency may have changed since). */
    currency: string;
    status: PaymentFilter;
    provider: string;
    reference: string | null;
    card: string | null;
  } | null;
  pageUrl: string;
  visitorId: string | null;
  userAgent: string;
  startedAt: number | null;
  submittedAt: number;
};

/** What the list and the entry's view can do to entries. */
export const entryActions = ['spam', 'not-spam', 'star', 'unstar', 'delete'] as const;
export type EntryAction = (typeof entryActions)[number];

/** The reason kept when the owner marks an entry spam that no check caught. */
export const ownerSpamReason = 'owner';

export const entryMessages = {
  title: 'Entries',
  views: { entries: 'Entries', spam: 'Spam', starred: 'Starred', all: 'All' },
  allForms: 'All forms',
  anyPayment: 'Any payment',
  payments: {
    awaiting: 'Awaiting payment',
    paid: 'Paid',
    failed: 'Payment failed',
    refunded: 'Refunded',
  },
  spamReasons: {
    honeypot: 'Caught by the honeypot: a hidden field was filled in.',
    'too-fast': 'Sent too fast after the form was opened.',
    'bad-timestamps': 'The form’s timing data did not add up.',
    captcha: 'The captcha was not solved.',
    'rate-limit': 'Too many submissions from one sender.',
    owner: 'Marked as spam by the owner.',
  } as Record<string, string>,
  unknownSpamReason: 'Caught as spam ({reason}).',
  filters: 'Filter entries',
  form: 'Form',
  view: 'Show',
  payment: 'Payment',
  search: 'Search the answers',
  from: 'From',
  to: 'To',
  apply: 'Filter',
  clear: 'Clear the filters',
  datesHint: 'Days in UTC, both included.',
  count: (total: number | null, shown: number, filtered: boolean) =>
    total === null
      ? shown === 0
        ? 'No entry matches.'
        : 'Entries that match, newest first.'
      : total === 0
        ? filtered
          ? 'No entry matches.'
          : 'No entries yet: they appear here as visitors send your forms.'
        : total > entryCountLimit
          ? `More than ${entryCountLimit.toLocaleString('en-GB')} entries, newest first.`
          : `${total} ${total === 1 ? 'entry' : 'entries'}, newest first.`,
  caption: 'Entries, newest first',
  columns: {
    select: 'Select',
    entry: 'Entry',
    form: 'Form',
    submitted: 'Submitted',
    state: 'State',
  },
  selectEntry: (id: number) => `Select entry ${id}`,
  selectAll: 'Select every entry on this page',
  open: (id: number) => `Entry ${id}`,
  starred: 'Starred',
  spam: 'Spam',
  entry: 'Entry',
  noAnswers: '(no answers)',
  newer: 'Newer entries',
  older: 'Older entries',
  paging: 'Pages of entries',
  bulk: 'With the selected entries',
  bulkApply: 'Apply',
  bulkHint: 'Tick entries in the list, choose what to do and apply.',
  actions: {
    spam: 'Mark as spam',
    'not-spam': 'Not spam',
    star: 'Star',
    unstar: 'Remove the star',
    delete: 'Delete',
  },
  chooseAction: 'Choose an action',
  confirmDelete: 'Yes, delete them with their files',
  confirmDeleteOne: 'Yes, delete this entry and its files',
  deleteQuestion: (count: number) =>
    `Delete ${count} ${count === 1 ? 'entry' : 'entries'} and ${count === 1 ? 'its' : 'their'} files? This cannot be undone.`,
  cancel: 'Keep them',
  cancelOne: 'Keep it',
  done: {
    spam: (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'} marked as spam.`,
    'not-spam': (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'} moved back to the entries.`,
    star: (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'} starred.`,
    unstar: (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'} no longer starred.`,
    delete: (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'} deleted.`,
  },
  errors: {
    noneSelected: 'Tick at least one entry first.',
    badAction: 'Choose what to do with the entries.',
    tooMany: 'Choose at most 100 entries at a time.',
    badDate: 'Write dates as YYYY-MM-DD, such as 2026-11-27.',
    gone: 'That entry no longer exists.',
    searchCut: 'The search was cut to its first 100 characters.',
  },
  /** A form deleted with its entries kept, in the form filter, the list and the entry. */
  deletedForm: (title: string) => `${title} (deleted)`,
  timesHint: (timeZone: string) => `Times are in the site’s time zone, ${timeZone}.`,
  export: 'Download as CSV',
  exportHint: 'Choose one form to download its entries as CSV: each form has its own columns.',
  exportProgress: (rows: number, total: number | undefined) =>
    total === undefined ? `${rows} entries…` : `${rows} of ${total} entries…`,
  exportDone: (rows: number) => `${rows} ${rows === 1 ? 'entry' : 'entries'} downloaded.`,
  exportFailed: 'The download stopped. Please try again.',
  exportLabel: 'Downloading the entries',
  detail: {
    answers: 'Answers',
    unnamedField: (id: number) => `Field ${id}`,
    order: 'Order',
    files: 'Files',
    visit: 'Where and when',
    page: 'Page',
    started: 'Form opened',
    submitted: 'Submitted',
    fillTime: 'Time to fill in',
    seconds: (s: number) => `${s} s`,
    visitor: 'Visitor id',
    userAgent: 'Browser',
    payment: 'Payment',
    provider: 'Provider',
    reference: 'Reference',
    card: 'Card',
    none: '—',
    noFiles: 'No files.',
    spamBecause: 'Why it is spam',
    back: 'Back to the entries',
    actions: 'Actions',
  },
} as const;

/** A form's title as the entries' screens and the CLI show it: marked when it is deleted. */
export const entryFormTitle = (title: string, deleted: boolean) =>
  deleted ? entryMessages.deletedForm(title) : title;

/** The sentence that says why an entry was caught as spam. */
export function spamReasonText(reason: string | null): string {
  const key = reason ?? 'unknown';
  return entryMessages.spamReasons[key] ?? entryMessages.unknownSpamReason.replace('{reason}', key);
}

const day = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` day's first millisecond in UTC, or undefined for anything else. */
export function dayStart(text: string): number | undefined {
  const match = day.exec(text);
  if (!match) return undefined;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(at).toISOString().startsWith(text) ? at : undefined;
}

/** Reads the list's query from an address, keeping what is valid and saying what was not. */
export function readEntryListQuery(params: URLSearchParams): {
  query: EntryListQuery;
  problems: string[];
} {
  const problems: string[] = [];
  const text = (name: string) => (params.get(name) ?? '').trim();
  const view = entryViews.find((v) => v === text('view')) ?? 'entries';
  const id = (name: string) => {
    const n = Number(text(name));
    return text(name) !== '' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
  };
  let search = text('q');
  if (search.length > entrySearchLimit) {
    search = search.slice(0, entrySearchLimit);
    problems.push(entryMessages.errors.searchCut);
  }
  const date = (name: string) => {
    const value = text(name);
    if (value !== '' && dayStart(value) === undefined) {
      if (!problems.includes(entryMessages.errors.badDate))
        problems.push(entryMessages.errors.badDate);
      return '';
    }
    return value;
  };
  return {
    query: {
      view,
      formId: id('form'),
      payment: paymentFilters.find((p) => p === text('payment')),
      search,
      from: date('from'),
      to: date('to'),
      before: id('before'),
      after: id('after'),
    },
    problems,
  };
}

/** The list's address for a query (paging cursors included when given). */
export function entryListHref(query: Partial<EntryListQuery>): string {
  const params = new URLSearchParams();
  if (query.view && query.view !== 'entries') params.set('view', query.view);
  if (query.formId !== undefined) params.set('form', String(query.formId));
  if (query.payment) params.set('payment', query.payment);
  if (query.search) params.set('q', query.search);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.before !== undefined) params.set('before', String(query.before));
  if (query.after !== undefined) params.set('after', String(query.after));
  const text = params.toString();
  return text ? `/admin/entries?${text}` : '/admin/entries';
}
