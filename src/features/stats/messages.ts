/**
 * Every text the statistics module shows a person (locale en): the report's period checks,
 * the labels of the text report. The beacon shows visitors nothing.
 */
export const statsMessages = {
  notADate: (name: string, value: string) =>
    `${name} must be a date written YYYY-MM-DD from 1970-01-01 on, not "${value}".`,
  missingDate: (name: string) => `${name} is missing: give a date written YYYY-MM-DD.`,
  fromAfterTo: (from: string, to: string) =>
    `The period starts after it ends: from ${from} is later than to ${to}.`,
  periodTooLong: (days: number, maxDays: number) =>
    `The period is ${days.toLocaleString('en-US')} days long; a report covers at most ${maxDays.toLocaleString('en-US')} days (three years).`,
  badLimit: (max: number) => `The limit must be a whole number from 1 to ${max}.`,
  unknownFilter: (name: string, names: readonly string[]) =>
    `There is no filter "${name}": filter by ${names.join(', ')}.`,
  filterTooLong: (max: number) => `A filter's value is at most ${max} characters long.`,
  filteredBy: (filters: string) =>
    `Only hits with ${filters}, counted from the raw hits (kept STATS_RAW_DAYS days).`,
  directReferrer: '(direct or internal)',
  noTitle: '(no title)',
  noRows: '(none)',
  heading: (from: string, to: string, days: number) =>
    `Statistics ${from} to ${to} (${days} ${days === 1 ? 'day' : 'days'}, UTC)`,
  visitorsNote:
    'Visitors are the sum of each day’s unique visitors: visitors without the _qvid cookie cannot be recognised from one day to the next, so no visitor is followed across days.',
} as const;
