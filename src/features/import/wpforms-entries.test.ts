import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { importWpforms } from './wpforms.ts';
import { readWpformsEntries } from './wpforms-entries.ts';

const read = (name: string) => readFileSync(`tests/fixtures/import/wpforms-${name}`, 'utf8');
const formOf = (name: string, id: number) => {
  const found = importWpforms(JSON.parse(read(name))).definitions.find((d) => d.sourceId === id);
  if (!found) throw new Error(`form ${id} was not imported`);
  return found;
};

describe('WPForms entries CSV → answers by the imported form’s field ids', () => {
  test('columns match fields by label; lists, names, choices and date / time are parsed', () => {
    const { rows, notes } = readWpformsEntries(
      read('entries.csv'),
      formOf('contact-survey.json', 12),
    );
    expect(rows).toEqual([
      {
        line: 2,
        entryId: '101',
        submittedAt: '2026-11-28 14:30:00',
        values: {
          31: { first: 'Jane', last: 'Ann Doe' },
          // The form asks for the address twice: both inputs hold it, so the entry keeps it.
          1: { primary: 'jane@example.com', secondary: 'jane@example.com' },
          2: 'Hello, "there"',
          4: 'support',
          5: 'Phone',
          7: ['News', 'Events'],
          9: '28/11/2026',
          32: '14:30',
          24: [
            'https://old.example/wp-content/uploads/wpforms/a.pdf',
            'https://old.example/wp-content/uploads/wpforms/b.pdf',
          ],
        },
      },
      {
        line: 5,
        entryId: '102',
        submittedAt: '2026-11-27 09:05:00',
        values: {
          31: { first: 'Bob', last: '' },
          1: { primary: 'bob@example.com', secondary: 'bob@example.com' },
          4: 'sales',
          5: 'Carrier pigeon',
        },
      },
    ]);
    expect(notes).toEqual([
      'Column “Staff notes” matches no field of the imported form and was left out.',
      'Line 5: “Carrier pigeon” is not a choice of “Contact me by”; it is kept as written.',
      'Line 6: the entry date “yesterday” could not be read; the import time will be used.',
    ]);
  });

  test('payment answers lose their printed price and become the choices’ values', () => {
    const { rows, notes } = readWpformsEntries(read('order-entries.csv'), formOf('order.json', 40));
    expect(rows).toEqual([
      {
        line: 2,
        submittedAt: '2026-11-28 09:00:00',
        values: {
          2: { first: 'Ann', last: 'Lee' },
          3: 'ann@example.com',
          8: 'Large',
          9: ['Lunch', 'Dinner'],
          10: 'Day pass',
        },
      },
    ]);
    expect(notes).toEqual([]);
  });

  test('an empty file or an unclosed quote is said plainly', () => {
    const form = formOf('order.json', 40);
    expect(readWpformsEntries('', form)).toEqual({
      rows: [],
      notes: ['The CSV has no header line.'],
    });
    const broken = readWpformsEntries('Name,Email\nAnn,"ann@example.com\n', form);
    expect(broken.notes).toEqual([
      'A quote opened on line 2 is never closed; the rows from there on could not be read.',
    ]);
  });

  test('answers with parts are shaped as a submission sends them', () => {
    const form = importWpforms([
      {
        id: 5,
        field_id: 6,
        settings: { form_title: 'Parts' },
        fields: {
          1: { id: 1, type: 'phone', label: 'Phone', format: 'international' },
          2: {
            id: 2,
            type: 'gdpr-checkbox',
            label: 'Consent',
            choices: { 1: { label: 'I agree' } },
          },
          3: { id: 3, type: 'address', label: 'Address', scheme: 'us' },
          4: { id: 4, type: 'payment-single', label: 'Ticket', price: '$10.00' },
          5: { id: 5, type: 'email', label: 'Email', confirmation: '1' },
        },
      },
    ]).definitions[0];
    if (!form) throw new Error('the form was not imported');
    const csv =
      'Phone,Consent,Address,Ticket,Email\n+44 20 7946 0000,I agree,"1 Quay Street\nPortree, IV51 9DE\nUnited Kingdom",$10.00,ann@example.com\n';
    expect(readWpformsEntries(csv, form).rows[0]?.values).toEqual({
      1: { number: '+44 20 7946 0000' },
      2: ['1'],
      3: { address1: '1 Quay Street, Portree, IV51 9DE, United Kingdom' },
      4: { quantity: '1' },
      5: { primary: 'ann@example.com', secondary: 'ann@example.com' },
    });
  });
});
