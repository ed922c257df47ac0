import type { StatsPeriod } from './stats-period.ts';
import type { StatsFilterName } from './stats-query.ts';

const numbers = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'always' });
const count = (value: number, one: string, many: string) =>
  `${numbers.format(value)} ${value === 1 ? one : many}`;
const signed = new Intl.NumberFormat('en-US', { signDisplay: 'exceptZero' });

/**
 * Every text of the admin's statistics screen (/admin/stats), locale en. The report's own
 * wording (direct referrer, no title, the visitors note) comes from `statsMessages`.
 */
export const statsScreenMessages = {
  title: 'Statistics',
  periodsLabel: 'Period',
  periods: {
    today: 'Today',
    '7d': '7 days',
    '30d': '30 days',
    month: 'This month',
    custom: 'Custom',
  } satisfies Record<StatsPeriod, string>,
  customLegend: 'Custom period',
  /** After a period's name, for screen readers: the one the screen shows. */
  shown: ' (shown)',
  from: 'From',
  to: 'To',
  show: 'Show',
  periodSummary: (from: string, to: string, days: number, timeZone: string) =>
    `${from} to ${to}: ${numbers.format(days)} ${days === 1 ? 'day' : 'days'} in ${timeZone}.`,
  badPeriod: (reason: string) => `These figures cannot be shown. ${reason}`,
  filtersLabel: 'Filtered by',
  filterNames: {
    page: 'Page',
    referrer: 'Referrer',
    utm_source: 'Source',
    utm_medium: 'Medium',
    utm_campaign: 'Campaign',
    utm_term: 'Term',
    utm_content: 'Content',
    click_id: 'Click id',
    screen: 'Screen',
    event_category: 'Event category',
    event_action: 'Event action',
    event_label: 'Event label',
  } satisfies Record<StatsFilterName, string>,
  removeFilter: (name: string, value: string) => `Remove the filter ${name}: ${value}`,
  clearFilters: 'Show all hits',
  filteredNote: (rawDays: number) =>
    `Filtered figures are counted from the raw hits, which are kept ${rawDays} days: days before that count nothing here.`,
  filterBy: (what: string) => `Show only ${what}`,
  emptyValue: '(empty)',
  totals: { pageViews: 'Page views', visitors: 'Visitors', events: 'Events' },
  change: (now: number, before: number) => {
    const difference = now - before;
    if (difference === 0) return 'No change';
    const relative = before === 0 ? '' : ` (${percent.format((difference / before) * 100)}%)`;
    return `${signed.format(difference)}${relative}`;
  },
  comparedWith: (from: string, to: string) =>
    `Changes are against the period before, ${from} to ${to}`,
  noPrevious: 'There is no earlier period to compare with',
  chartLabel: (from: string, to: string, pageViews: number, visitors: number, peak: string) =>
    `Chart of page views and visitors per day from ${from} to ${to}: ${count(pageViews, 'page view', 'page views')} and ${count(visitors, 'visitor', 'visitors')} in all; the busiest day was ${peak}.`,
  chartNoHits: (from: string, to: string) =>
    `Chart of page views and visitors per day from ${from} to ${to}: no page views.`,
  dailyTable: 'Figures per day',
  columns: {
    date: 'Date',
    pageViews: 'Page views',
    views: 'Views',
    visitors: 'Visitors',
    events: 'Events',
    path: 'Page',
    host: 'Referrer',
    value: 'Value',
    category: 'Category',
    action: 'Action',
    label: 'Label',
    count: 'Count',
    valueTotal: 'Value total',
    size: 'Size',
  },
  lists: {
    pages: 'Top pages',
    referrers: 'Referrers',
    campaigns: 'Campaigns',
    clickIds: 'Advertising click ids',
    events: 'Events',
    screens: 'Screen sizes',
  },
  utmTitles: {
    utm_source: 'Sources (utm_source)',
    utm_medium: 'Media (utm_medium)',
    utm_campaign: 'Campaigns (utm_campaign)',
    utm_term: 'Terms (utm_term)',
    utm_content: 'Content (utm_content)',
  },
  none: 'None in this period.',
  dropped: 'Hits not counted',
  dropReasons: {
    disabled: 'Statistics were turned off',
    'too-long': 'Too long to store',
    prefetch: 'Prefetched by the browser, not viewed',
    robot: 'Robots and crawlers',
    'do-not-track': 'Do Not Track or Global Privacy Control',
    owner: 'A signed-in administrator',
    invalid: 'Not a valid hit',
    overload: 'Sent while the server was overloaded',
  } as Record<string, string>,
  reason: 'Reason',
  hits: 'Hits',
  sameAsCli: (command: string) => `The same figures on the command line: ${command}`,
  number: (value: number) => numbers.format(value),
} as const;
