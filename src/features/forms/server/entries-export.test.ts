import { describe, expect, it } from 'vitest';
import { formDefinitionSchema } from '../form-definition.ts';
import { answerCells, answerColumns } from './entries-export.ts';

const form = formDefinitionSchema.parse({
  title: 'Call-back',
  fields: [
    { id: 1, type: 'name', label: 'Name' },
    { id: 2, type: 'divider', label: 'More' },
    { id: 5, type: 'text', label: '' },
    { id: 6, type: 'text', label: 'Company' },
  ],
});

describe('the answer columns of an entries export', () => {
  it('gives each input field of the form a column, in its order', () => {
    expect(answerColumns(form, []).map((c) => c.header)).toEqual(['Name', 'Field 5', 'Company']);
  });

  it('gives answers of fields the form no longer has columns of their own, by id', () => {
    const answered = [
      { id: 6, type: 'text', label: 'Company' },
      { id: 4, type: 'email', label: 'E-mail' },
      { id: 1, type: 'name', label: 'Your name' },
      { id: 3, type: 'phone', label: 'Phone' },
      // A form saved before decision 0048 gave id 6 to a new field: its old answers stay apart.
      { id: 6, type: 'url', label: 'Website' },
    ];
    const columns = answerColumns(form, answered);
    expect(columns.map((c) => c.header)).toEqual([
      'Name',
      'Field 5',
      'Company',
      'Phone (deleted field 3)',
      'E-mail (deleted field 4)',
      'Website (deleted field 6)',
    ]);
    const old = [
      { id: 1, type: 'name', label: 'Your name', value: 'Ada' },
      { id: 3, type: 'phone', label: 'Phone', value: '+441234' },
      { id: 6, type: 'url', label: 'Website', value: 'https://ada.example' },
    ];
    expect(answerCells(columns, old)).toEqual([
      'Ada',
      '',
      '',
      '+441234',
      '',
      'https://ada.example',
    ]);
    const now = [
      { id: 1, type: 'name', label: 'Name', value: 'Grace' },
      { id: 6, type: 'text', label: 'Company', value: 'Navy' },
    ];
    expect(answerCells(columns, now)).toEqual(['Grace', '', 'Navy', '', '', '']);
  });
});
