import { describe, expect, it } from 'vitest';
import { checkFields, type RuleContext } from './field-rules.ts';
import { readFieldEntries } from './field-values.ts';
import { type FormDefinitionInput, formDefinitionSchema } from './form-definition.ts';
import { formMessages } from './messages.ts';
import { checkMoreField } from './more-field-rules.ts';
import { answerText } from './more-field-values.ts';
import { moreMessages } from './more-messages.ts';
import { loadPasswordScorer } from './password-strength.ts';
import { dateError, formatDate, parseDate, weekdayOf } from './rules/date.ts';
import { megabytes, uploadTotalError } from './rules/files.ts';
import { maskError, maskPattern } from './rules/mask.ts';
import { passwordUserInputs } from './rules/password.ts';
import { inTimeRange, parseTime, suggestedTimes, timeError } from './rules/time.ts';
import { serverRuleContext } from './server/rule-context.ts';
import { storedValue } from './server/stored-values.ts';
import { parsePhone } from './ui/fields/phone-library.ts';

type FieldDefinition = FormDefinitionInput['fields'][number];

const define = (fields: FormDefinitionInput['fields']) =>
  formDefinitionSchema.parse({ title: 'Test', fields });
const fieldOf = <T extends FormDefinitionInput['fields'][number]>(field: T) =>
  define([field]).fields[0]!;

const check = (
  fields: FormDefinitionInput['fields'],
  values: Record<number, unknown>,
  context: RuleContext = {},
) => {
  const form = define(fields);
  return checkFields(form, values as never, new Set(form.fields.map((f) => f.id)), {
    moreRules: checkMoreField,
    ...context,
  });
};

describe('date rules', () => {
  const field = fieldOf({
    id: 1,
    type: 'date',
    dateFormat: 'dd/mm/yyyy',
    disablePastDates: true,
    disableTodaysDate: true,
    limitDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
  });
  if (field.type !== 'date') throw new Error('date');

  it('reads the field format and the browser date input’s yyyy-mm-dd, refusing unreal dates', () => {
    expect(parseDate('31/12/2026', 'dd/mm/yyyy')).toEqual({ year: 2026, month: 12, day: 31 });
    expect(parseDate('2026-12-31', 'dd/mm/yyyy')).toEqual({ year: 2026, month: 12, day: 31 });
    expect(parseDate('12/31/2026', 'dd/mm/yyyy')).toBeUndefined();
    expect(parseDate('29/02/2027', 'dd/mm/yyyy')).toBeUndefined();
    expect(parseDate('29.02.2028', 'dd.mm.yyyy')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(formatDate({ year: 2026, month: 3, day: 4 }, 'mm/dd/yyyy')).toBe('03/04/2026');
    expect(weekdayOf({ year: 2026, month: 11, day: 27 })).toBe('fri');
  });

  it('refuses past days, today and the weekdays not listed, against the site’s today', () => {
    const today = '2026-11-25'; // a Wednesday
    expect(dateError(field, '24/11/2026', today)).toBe(moreMessages.datePast);
    expect(dateError(field, '25/11/2026', today)).toBe(moreMessages.dateToday);
    expect(dateError(field, '28/11/2026', today)).toBe(
      'Please choose a Monday, Tuesday, Wednesday, Thursday or Friday.',
    );
    expect(dateError(field, '27/11/2026', today)).toBeUndefined();
    expect(dateError(field, '2026-11-27', today)).toBeUndefined();
    expect(dateError(field, 'soon', today)).toBe('Please enter a date as DD/MM/YYYY.');
  });
});

describe('time rules', () => {
  it('follows the seed’s 12h and 24h formats', () => {
    expect(parseTime('9:30 AM', '12h')).toBe(9 * 60 + 30);
    expect(parseTime('12:05:30 pm', '12h')).toBe(12 * 60 + 5);
    expect(parseTime('12:00 AM', '12h')).toBe(0);
    expect(parseTime('13:00 PM', '12h')).toBeUndefined();
    expect(parseTime('9:30', '12h')).toBeUndefined();
    expect(parseTime('23:59', '24h')).toBe(23 * 60 + 59);
    expect(parseTime('7:05', '24h')).toBe(7 * 60 + 5);
    expect(parseTime('24:00', '24h')).toBeUndefined();
    expect(parseTime('9:30 AM', '24h')).toBeUndefined();
  });

  it('checks ranges, overnight ones too, with the configured message', () => {
    expect(inTimeRange(23 * 60, 22 * 60, 6 * 60)).toBe(true);
    expect(inTimeRange(3 * 60, 22 * 60, 6 * 60)).toBe(true);
    expect(inTimeRange(12 * 60, 22 * 60, 6 * 60)).toBe(false);
    const night = fieldOf({
      id: 1,
      type: 'time',
      format: '12h',
      minTime: '22:00',
      maxTime: '06:00',
      rangeMessage: 'From {minTime} to {maxTime}, please.',
    });
    if (night.type !== 'time') throw new Error('time');
    expect(timeError(night, '11:30 PM')).toBeUndefined();
    expect(timeError(night, '5:59 AM')).toBeUndefined();
    expect(timeError(night, '12:00 PM')).toBe('From 10:00 PM to 6:00 AM, please.');
    expect(timeError(night, 'noon')).toBe(moreMessages.time12h);
    expect(suggestedTimes({ ...night, interval: 120 })).toEqual([
      '10:00 PM',
      '12:00 AM',
      '2:00 AM',
      '4:00 AM',
      '6:00 AM',
    ]);
  });
});

describe('masks', () => {
  it('fills a mask or says the seed’s message', () => {
    expect(maskPattern('(999) 999-9999').test('(201) 555-0123')).toBe(true);
    expect(maskError('(999) 999-9999', '(201) 555-012')).toBe(
      'Please fill out the field in required format.',
    );
    expect(maskError('AA-9999', 'ZG-2041')).toBeUndefined();
    expect(maskError('AA-9999', '12-2041')).toBe(moreMessages.maskIncomplete);
    expect(maskError('***', 'a1B')).toBeUndefined();
  });
});

describe('file sizes', () => {
  it('states the combined size and the limit in MB to 3 decimals', () => {
    expect(megabytes(1536 * 1024)).toBe('1.500');
    expect(uploadTotalError([40 * 1048576, 30 * 1048576], 64)).toBe(
      'The files you chose come to 70.000 MB, more than the 64.000 MB a form can take. Please choose fewer or smaller files.',
    );
    expect(uploadTotalError([64 * 1048576], 64)).toBeUndefined();
  });
});

describe('addresses', () => {
  const address: FieldDefinition = { id: 1, type: 'address', required: true, defaultCountry: 'US' };
  const countries = new Set(['US', 'GB', 'DE']);

  it('needs a state in a country that has them, and none in GB, DE, CH and NL', () => {
    const us = { address1: '1 Main St', city: 'Springfield', postal: '62701', country: 'US' };
    expect(check([address], { 1: us }, { countries })).toEqual({
      '1[state]': formMessages.required,
    });
    expect(check([address], { 1: { ...us, state: 'IL' } }, { countries })).toEqual({});
    expect(check([address], { 1: { ...us, country: 'GB' } }, { countries })).toEqual({});
    expect(check([address], { 1: { ...us, country: 'XX' } }, { countries })).toEqual({
      '1[country]': formMessages.invalidChoice,
      '1[state]': formMessages.required,
    });
  });

  it('keeps the address in one line, without a state its country does not have', () => {
    const field = fieldOf(address);
    const input = {
      address1: '10 Downing St',
      city: 'London',
      state: 'Essex',
      postal: 'SW1A 2AA',
      country: 'GB',
    };
    expect(storedValue(field, input, {})).toBe('10 Downing St, London, SW1A 2AA, GB');
    expect(answerText(field, { ...input, country: 'US', state: 'DC' })).toBe(
      '10 Downing St, London, DC SW1A 2AA, US',
    );
  });
});

describe('phones', () => {
  it('checks and normalises to E.164 on the server (max metadata) and in the browser (min)', async () => {
    const phone: FieldDefinition = { id: 1, type: 'phone', required: true, defaultCountry: 'GB' };
    const form = define([phone]);
    const server = await serverRuleContext(
      form,
      {},
      {
        currency: { code: 'EUR' } as never,
        timeZone: 'UTC',
        now: Date.now(),
      },
    );
    for (const context of [server, { phone: parsePhone }]) {
      expect(check([phone], { 1: { country: 'GB', number: '020 7946 0958' } }, context)).toEqual(
        {},
      );
      expect(check([phone], { 1: { country: 'GB', number: '020 7946' } }, context)).toEqual({
        1: moreMessages.phone,
      });
      expect(check([phone], { 1: { country: 'GB', number: '+1 201 555 0123' } }, context)).toEqual(
        {},
      );
    }
    expect(storedValue(form.fields[0]!, { country: 'GB', number: '020 7946 0958' }, server)).toBe(
      '+442079460958',
    );
  });
});

describe('passwords', () => {
  it('measures strength levels 1–4 with zxcvbn and never stores the password', async () => {
    const score = await loadPasswordScorer();
    expect(score('password', [])).toBe(0);
    expect(score('correct horse battery staple', [])).toBeGreaterThanOrEqual(3);
    const field: FieldDefinition = { id: 1, type: 'password', strengthLevel: 3 };
    expect(check([field], { 1: 'password1' }, { passwordScore: score })[1]).toContain(
      'Please choose one rated at least “Strong”',
    );
    expect(check([field], { 1: 'correct horse battery staple' }, { passwordScore: score })).toEqual(
      {},
    );
    const form = define([{ id: 2, type: 'name' }, field]);
    const inputs = passwordUserInputs(form, { 2: 'Anna Smith' });
    expect(inputs).toEqual(['anna', 'smith', 'annasmith']);
    expect(check([field], { 1: 'annasmith1990' }, { passwordScore: score })).toEqual({});
    expect(
      check([field], { 1: 'annasmith1990' }, { passwordScore: score, userInputs: inputs })[1],
    ).toContain('too easy to guess (“Weak”)');
  });
});

describe('scales', () => {
  it('takes ratings, scores and one likert answer per row', () => {
    expect(check([{ id: 1, type: 'rating', scale: 5 }], { 1: '6' })).toEqual({
      1: formMessages.invalidChoice,
    });
    expect(check([{ id: 1, type: 'net-promoter-score' }], { 1: '0' })).toEqual({});
    expect(check([{ id: 1, type: 'net-promoter-score' }], { 1: '11' })[1]).toBeDefined();
    const likert: FieldDefinition = {
      id: 1,
      type: 'likert-scale',
      required: true,
      rows: ['Food', 'Walks'],
      columns: ['Bad', 'Good'],
    };
    expect(check([likert], { 1: { r0: 'Good' } })).toEqual({ '1[r1]': formMessages.required });
    expect(check([likert], { 1: { r0: 'Good', r1: 'Great' } })).toEqual({
      1: formMessages.invalidChoice,
    });
    expect(answerText(fieldOf(likert), { r0: 'Good', r1: 'Bad' })).toBe('Food: Good; Walks: Bad');
  });
});

describe('repeaters', () => {
  const repeater: FieldDefinition = {
    id: 5,
    type: 'repeater',
    minRows: 1,
    maxRows: 2,
    fields: [
      { id: 1, type: 'text', label: 'Name', required: true },
      { id: 2, type: 'email', label: 'Email' },
    ],
  };

  it('checks the bounds and every row’s fields with their own rules', () => {
    expect(check([repeater], { 5: { rows: '1', r0f1: 'Ann', r0f2: 'ann@example.org' } })).toEqual(
      {},
    );
    expect(check([repeater], { 5: { rows: '1', r0f1: '', r0f2: 'nope' } })).toEqual({
      '5[r0f1]': formMessages.required,
      '5[r0f2]': formMessages.email,
    });
    expect(check([repeater], { 5: { rows: '3', r0f1: 'a', r1f1: 'b', r2f1: 'c' } })).toEqual({
      5: 'Please add from 1 to 2 rows.',
    });
    expect(check([repeater], { 5: { rows: '1', r4f1: 'sneaky' } })[5]).toBeDefined();
  });

  it('reads the row inputs a browser posts and keeps the rows as a list', () => {
    const form = define([repeater]);
    const { values } = readFieldEntries(
      [
        ['qforms[fields][5][rows]', '2'],
        ['qforms[fields][5][r0f1]', 'Ann'],
        ['qforms[fields][5][r1f1]', 'Bo'],
        ['qforms[fields][5][r1f2]', 'bo@example.org'],
      ],
      form,
    );
    expect(storedValue(form.fields[0]!, values[5], {})).toBe('Ann, — | Bo, bo@example.org');
  });
});

describe('rich text', () => {
  it('is sanitised with the posts’ policy and limited by its text', () => {
    const field = fieldOf({ id: 1, type: 'rich-text', limit: { count: 2, mode: 'words' } });
    expect(
      storedValue(field, '<p onclick="x()">Hi <b>there</b><script>bad()</script></p>', {}),
    ).toBe('<p>Hi <strong>there</strong></p>');
    expect(check([{ id: 1, type: 'rich-text', required: true }], { 1: '<p><br></p>' })).toEqual({
      1: formMessages.required,
    });
    expect(
      check([{ id: 1, type: 'rich-text', limit: { count: 2, mode: 'words' } }], {
        1: '<ul><li>one</li><li>two</li><li>three</li></ul>',
      })[1],
    ).toBe('Please enter no more than 2 words.');
  });
});
