import { describe, expect, it } from 'vitest';
import {
  dayStart,
  entryListHref,
  entryMessages,
  readEntryListQuery,
  spamReasonText,
} from './entry-review.ts';

describe('the entries list address', () => {
  it('reads the filters and paging, keeping what is valid', () => {
    const { query, problems } = readEntryListQuery(
      new URLSearchParams(
        'view=spam&form=3&payment=paid&q=+oat+&from=2026-11-01&to=2026-11-30&before=90',
      ),
    );
    expect(query).toEqual({
      view: 'spam',
      formId: 3,
      payment: 'paid',
      search: 'oat',
      from: '2026-11-01',
      to: '2026-11-30',
      before: 90,
      after: undefined,
    });
    expect(problems).toEqual([]);
    expect(entryListHref(query)).toBe(
      '/admin/entries?view=spam&form=3&payment=paid&q=oat&from=2026-11-01&to=2026-11-30&before=90',
    );
  });

  it('says what it could not take, and drops it', () => {
    const { query, problems } = readEntryListQuery(
      new URLSearchParams(`view=deleted&form=x&from=2026-02-30&q=${'a'.repeat(120)}`),
    );
    expect(query.view).toBe('entries');
    expect(query.formId).toBeUndefined();
    expect(query.from).toBe('');
    expect(query.search).toHaveLength(100);
    expect(problems).toEqual([entryMessages.errors.searchCut, entryMessages.errors.badDate]);
  });

  it('reads days in UTC and refuses days that do not exist', () => {
    expect(dayStart('2026-11-27')).toBe(Date.UTC(2026, 10, 27));
    expect(dayStart('2026-02-30')).toBeUndefined();
    expect(dayStart('27/11/2026')).toBeUndefined();
  });
});

describe('why an entry is spam', () => {
  it('names each check, the owner, and an unknown reason as it is', () => {
    expect(spamReasonText('honeypot')).toContain('honeypot');
    expect(spamReasonText('too-fast')).toContain('too fast');
    expect(spamReasonText('owner')).toContain('owner');
    expect(spamReasonText('mystery')).toBe('Caught as spam (mystery).');
  });
});
