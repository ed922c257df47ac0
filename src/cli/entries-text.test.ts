import { describe, expect, it } from 'vitest';
import type { StoredEntry } from '../features/forms/server/entry-queries.ts';
import { formatEntries } from './entries-text.ts';

const entry = (overrides: Partial<StoredEntry> = {}): StoredEntry => ({
  id: 7,
  formId: 1,
  status: 'entry',
  spamReason: null,
  fields: [
    { id: 1, type: 'text', label: 'Name', value: 'Ada' },
    { id: 2, type: 'textarea', label: 'Message', value: 'Line one\nLine two' },
    { id: 3, type: 'text', label: '', value: '' },
  ],
  pageUrl: '/contact/',
  visitorId: null,
  userAgent: 'test',
  startedAt: null,
  submittedAt: Date.UTC(2026, 10, 23, 9, 5),
  payment: null,
  ...overrides,
});

describe('formatEntries', () => {
  it('shows an order’s payment status, total and summary before the fields', () => {
    const text = formatEntries(
      [
        entry({
          fields: [],
          payment: {
            status: 'awaiting',
            provider: 'offline',
            reference: null,
            currency: 'JPY',
            total: 4500,
            summary: {
              rows: [
                {
                  fieldId: 2,
                  label: 'Ticket',
                  choice: 'Adult',
                  quantity: 3,
                  unitPrice: 1500,
                  amount: 4500,
                },
              ],
              subtotal: 5000,
              coupon: { code: 'TEN', discount: 500 },
              total: 4500,
            },
            coupon: 'TEN',
            card: { brand: 'visa', last4: '4242' },
          },
        }),
      ],
      new Map([[1, 'Shop']]),
    );
    expect(text).toBe(
      [
        '#7  2026-11-23 09:05 UTC  form 1 "Shop"  from /contact/',
        '  Payment: AWAITING  JPY 4500  (offline, visa ending in 4242)',
        '      Ticket: Adult × 3  JPY 4500',
        '      Coupon TEN  -JPY 500',
        '      Total  JPY 4500',
        '',
      ].join('\n'),
    );
  });

  it('shows each entry with its form, page, time and every field', () => {
    expect(formatEntries([entry()], new Map([[1, 'Contact']]))).toBe(
      [
        '#7  2026-11-23 09:05 UTC  form 1 "Contact"  from /contact/',
        '  Name:',
        '      Ada',
        '  Message:',
        '      Line one',
        '      Line two',
        '  Field 3:',
        '      (empty)',
        '',
      ].join('\n'),
    );
  });

  it('marks spam with its reason and names entries of deleted forms', () => {
    const text = formatEntries(
      [entry({ status: 'spam', spamReason: 'honeypot', formId: 9 })],
      new Map(),
    );
    expect(text.split('\n')[0]).toBe(
      '#7  2026-11-23 09:05 UTC  form 9 "a deleted form"  from /contact/  SPAM (honeypot)',
    );
  });

  it('never sends a visitor’s control characters to the terminal', () => {
    const text = formatEntries(
      [entry({ fields: [{ id: 1, type: 'text', label: 'Name', value: '\u001b[2Jgone\u202e' }] })],
      new Map([[1, 'Contact']]),
    );
    expect(text).toContain('\\x1b[2Jgone\\u{202e}');
    expect(text).not.toContain('\u001b');
  });

  it('says when there is nothing', () => {
    expect(formatEntries([], new Map())).toBe('No entries.\n');
  });
});
