import { describe, expect, it } from 'vitest';
import { sanitiseStoredHtml } from '../../platform/markdown.ts';
import { describeConditions, visibleFieldIds } from './conditions.ts';
import { splitFormEmbeds } from './embed.ts';
import { checkFields } from './field-rules.ts';
import { displayValue, readFieldEntries } from './field-values.ts';
import {
  type FormDefinitionInput,
  formDefinitionSchema,
  parseFormDefinition,
} from './form-definition.ts';
import { formPages, nextShownPage, pageOfField } from './form-pages.ts';
import { formMessages } from './messages.ts';
import { toPublicForm } from './public-form.ts';

const define = (input: Omit<FormDefinitionInput, 'title'>) =>
  formDefinitionSchema.parse({ title: 'Test', ...input });

describe('form definition schema', () => {
  it('fills defaults so a minimal definition is complete', () => {
    const form = define({ fields: [{ id: 1, type: 'text' }] });
    expect(form.settings.submitText).toBe('Submit');
    expect(form.settings.ajax).toBe(true);
    expect(form.settings.antispam).toEqual({ honeypot: true, minimumSeconds: 3 });
    expect(form.fields[0]).toMatchObject({ label: '', required: false, placeholder: '' });
  });

  it('lists every problem with its path', () => {
    const result = parseFormDefinition({
      title: '',
      fields: [
        { id: 1, type: 'text' },
        { id: 1, type: 'email', unknownKey: true },
        { id: 2, type: 'checkbox', choices: [] },
        { id: 3, type: 'text', conditions: { rules: [{ field: 42, operator: 'is' }] } },
        { id: 4, type: 'hologram' },
      ],
    });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems.some((p) => p.startsWith('title:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('fields.1:') && p.includes('unknownKey'))).toBe(true);
    expect(problems.some((p) => p.startsWith('fields.2.choices:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('fields.4.type:'))).toBe(true);
  });

  it('rejects duplicate ids, dangling conditions and a visitor mail field that is not an e-mail', () => {
    const result = parseFormDefinition({
      title: 'T',
      settings: { notifications: { visitorEmailField: 2 } },
      fields: [
        { id: 1, type: 'text' },
        { id: 1, type: 'text' },
        { id: 2, type: 'text', conditions: { rules: [{ field: 9, operator: 'empty' }] } },
      ],
    });
    expect(result.ok ? [] : result.problems).toEqual([
      'fields.1.id: field id 1 is used twice',
      'fields.2.conditions.rules.0.field: refers to field 9, which is not another field of this form',
      'settings.notifications.visitorEmailField: field 2 is not an e-mail field of this form',
    ]);
  });
});

describe('reading posted fields', () => {
  const form = define({
    fields: [
      { id: 1, type: 'name', format: 'first-last' },
      { id: 2, type: 'checkbox', choices: [{ label: 'A' }, { label: 'B' }] },
      { id: 3, type: 'text' },
    ],
  });

  it('reads single values, lists and named parts by field id', () => {
    const parsed = readFieldEntries(
      [
        ['qforms[fields][1][first]', 'Ada'],
        ['qforms[fields][1][last]', 'Lovelace'],
        ['qforms[fields][2][]', 'A'],
        ['qforms[fields][2][]', 'B'],
        ['qforms[fields][3]', 'text'],
        ['qforms[fields][77]', 'unknown'],
        ['qforms[token]', 'not a field'],
        ['qforms[fields][3x]', 'malformed'],
      ],
      form,
    );
    expect(parsed.values).toEqual({
      1: { first: 'Ada', last: 'Lovelace' },
      2: ['A', 'B'],
      3: 'text',
    });
    expect(parsed.unknownFieldIds).toEqual([77]);
  });

  it('shows values as one line of text', () => {
    expect(displayValue(form.fields[0]!, { first: 'Ada', last: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayValue(form.fields[1]!, ['A', 'B'])).toBe('A, B');
  });
});

describe('field rules on the server and in the browser', () => {
  const form = define({
    fields: [
      { id: 1, type: 'text', required: true, limit: { count: 3, mode: 'words' } },
      { id: 2, type: 'email', confirmation: true, required: true },
      { id: 3, type: 'number', min: 1, max: 10, step: 2 },
      { id: 4, type: 'checkbox', choiceLimit: 1, choices: [{ label: 'A' }, { label: 'B' }] },
      { id: 5, type: 'radio', choices: [{ label: 'Yes' }, { label: 'No' }] },
      { id: 6, type: 'url' },
      { id: 7, type: 'gdpr-checkbox', agreement: 'I agree' },
      { id: 8, type: 'select', multiple: false, choices: [{ label: 'S' }] },
    ],
  });
  const all = new Set(form.fields.map((f) => f.id));

  it('reports each rule with the message of seed §5', () => {
    const errors = checkFields(
      form,
      {
        1: 'one two three four',
        2: { primary: 'a@example.org', secondary: 'b@example.org' },
        3: '4',
        4: ['A', 'B'],
        5: 'Maybe',
        6: 'not a url',
        7: [],
        8: ['S', 'S'],
      },
      all,
    );
    expect(errors).toEqual({
      1: 'Please enter no more than 3 words.',
      '2[secondary]': formMessages.confirmation,
      3: 'Please enter a multiple of 2, counted from 1.',
      4: 'You have exceeded the number of allowed selections: 1.',
      5: formMessages.invalidChoice,
      6: formMessages.url,
      7: formMessages.required,
      8: formMessages.invalidChoice,
    });
  });

  it('passes good values', () => {
    expect(
      checkFields(
        form,
        {
          1: 'three small words',
          2: { primary: 'a@example.org', secondary: 'a@example.org' },
          3: '5',
          4: ['B'],
          5: 'No',
          6: 'example.org',
          7: ['1'],
          8: 'S',
        },
        all,
      ),
    ).toEqual({});
  });

  it('does not check fields hidden by conditions', () => {
    expect(checkFields(form, {}, new Set([3]))).toEqual({});
  });

  it('refuses values longer than any field takes', () => {
    expect(checkFields(form, { 1: 'x'.repeat(5001) }, new Set([1]))).toEqual({
      1: formMessages.tooLong,
    });
  });
});

describe('conditions', () => {
  const form = define({
    fields: [
      { id: 1, type: 'radio', choices: [{ label: 'Yes' }, { label: 'No' }] },
      { id: 2, type: 'text', conditions: { rules: [{ field: 1, operator: 'is', value: 'Yes' }] } },
      {
        id: 3,
        type: 'text',
        conditions: { action: 'hide', rules: [{ field: 2, operator: 'not_empty' }] },
      },
      {
        id: 4,
        type: 'text',
        conditions: {
          match: 'any',
          rules: [
            { field: 1, operator: 'is', value: 'no' },
            { field: 2, operator: 'contains', value: 'lift' },
          ],
        },
      },
    ],
  });

  it('shows and hides fields from other fields, case-insensitively', () => {
    expect([...visibleFieldIds(form, { 1: 'No' })]).toEqual([1, 3, 4]);
    expect([...visibleFieldIds(form, { 1: 'Yes', 2: 'Need a LIFT' })]).toEqual([1, 2, 4]);
  });

  it('puts conditions in words for a form without JavaScript', () => {
    const [, second, third, fourth] = form.fields;
    expect(describeConditions(form, second!.conditions!)).toBe('Only when “#1” is “Yes”.');
    expect(describeConditions(form, third!.conditions!)).toBe('Not needed when “#2” is filled in.');
    expect(describeConditions(form, fourth!.conditions!)).toBe(
      'Only when “#1” is “no” or “#2” contains “lift”.',
    );
  });

  it('treats a hidden field as empty', () => {
    // Field 2 holds text but is hidden (1 is not Yes), so field 3 is shown.
    expect(visibleFieldIds(form, { 1: 'No', 2: 'left over' }).has(3)).toBe(true);
  });
});

describe('pages', () => {
  const form = define({
    settings: { firstPageTitle: 'Start' },
    fields: [
      { id: 1, type: 'text' },
      { id: 2, type: 'pagebreak', title: 'Middle', nextText: 'Onwards' },
      { id: 3, type: 'text', conditions: { rules: [{ field: 1, operator: 'is', value: 'x' }] } },
      { id: 4, type: 'pagebreak', title: 'End', prevText: 'Back' },
      { id: 5, type: 'text' },
    ],
  });
  const pages = formPages(form);

  it('splits at page breaks with their titles and button texts', () => {
    expect(pages.map((p) => [p.number, p.title, p.fields.map((f) => f.id)])).toEqual([
      [1, 'Start', [1]],
      [2, 'Middle', [3]],
      [3, 'End', [5]],
    ]);
    expect(pages[0]?.endsWith?.nextText).toBe('Onwards');
    expect(pages[2]?.startsWith?.prevText).toBe('Back');
    expect(pageOfField(pages, 5)).toBe(3);
  });

  it('skips a page whose fields are all hidden, both ways', () => {
    const hidden = visibleFieldIds(form, { 1: '' });
    expect(nextShownPage(pages, 1, 1, hidden)).toBe(3);
    expect(nextShownPage(pages, 3, -1, hidden)).toBe(1);
    const shown = visibleFieldIds(form, { 1: 'x' });
    expect(nextShownPage(pages, 1, 1, shown)).toBe(2);
    expect(nextShownPage(pages, 3, 1, shown)).toBe(3);
  });
});

describe('form embeds', () => {
  it('splits post HTML at [form id="N"] paragraphs, whatever the quoting', () => {
    expect(
      splitFormEmbeds(
        sanitiseStoredHtml('<p>Hi</p><p>[form id="3"]</p><p>Mid</p><p>[form id=&quot;3&quot;]</p>'),
      ),
    ).toEqual([
      { type: 'html', html: '<p>Hi</p>' },
      { type: 'form', formId: 3 },
      { type: 'html', html: '<p>Mid</p>' },
      { type: 'form', formId: 3 },
    ]);
    expect(
      splitFormEmbeds(sanitiseStoredHtml('<p>Text with [form id="3"] inside.</p>')),
    ).toHaveLength(1);
  });
});

describe('the public form', () => {
  it('keeps server-only settings out of the page', () => {
    const form = define({
      settings: {
        notifications: { ownerTo: ['owner@example.org'] },
        confirmation: { type: 'message', message: 'secret thanks' },
      },
      fields: [{ id: 1, type: 'email', denyList: ['*@spam.example'] }],
    });
    const visible = JSON.stringify(toPublicForm({ id: 4, definition: form, blocks: {} }));
    expect(visible).not.toContain('owner@example.org');
    expect(visible).not.toContain('spam.example');
    expect(visible).not.toContain('secret thanks');
    expect(toPublicForm({ id: 4, definition: form, blocks: {} }).restrictedFieldIds).toEqual([1]);
  });
});
