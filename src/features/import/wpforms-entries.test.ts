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
          1: 'jane@example.com',
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
          1: 'bob@example.com',
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
});
