import { describe, expect, it } from 'vitest';
import { type FormDefinitionInput, formDefinitionSchema } from '../form-definition.ts';
import { formPages } from '../form-pages.ts';
import { errorsAfterCheck, firstErrorPage, pageOfServerErrors } from './shown-errors.ts';

/** Three pages: field 1 on page 1, the two-part name field 3 on page 2, field 5 on page 3. */
const pages = formPages(
  formDefinitionSchema.parse({
    title: 'Paged',
    fields: [
      { id: 1, type: 'text' },
      { id: 2, type: 'pagebreak' },
      { id: 3, type: 'name', format: 'first-last' },
      { id: 4, type: 'pagebreak' },
      { id: 5, type: 'text' },
    ],
  } satisfies FormDefinitionInput),
);

describe('errors after a field is checked', () => {
  it('shows what the check found for touched inputs and keeps the rest of the field as it was', () => {
    const current = { '3[secondary]': 'Reported by the server', 5: 'Another field' };
    const found = { 3: 'Not an address', '3[secondary]': 'Does not match' };
    expect(errorsAfterCheck(current, 3, found, new Set(['3']))).toEqual({
      3: 'Not an address',
      '3[secondary]': 'Reported by the server',
      5: 'Another field',
    });
  });

  it('clears a touched input that is now fine', () => {
    expect(errorsAfterCheck({ 3: 'Required' }, 3, {}, new Set(['3']))).toEqual({});
  });

  it('does not flag an input the visitor has not reached', () => {
    const found = { '3[secondary]': 'Required' };
    expect(errorsAfterCheck({}, 3, found, new Set(['3']))).toEqual({});
    expect(errorsAfterCheck({}, 3, found, new Set(['3', '3[secondary]']))).toEqual(found);
  });
});

describe('first page with an error', () => {
  it('is the lowest page holding an errored input, parts included', () => {
    expect(firstErrorPage(pages, { 5: 'x', '3[last]': 'y' })).toBe(2);
    expect(firstErrorPage(pages, { 5: 'x' })).toBe(3);
  });

  it('is none without errors', () => {
    expect(firstErrorPage(pages, {})).toBeUndefined();
  });
});

describe('the page a refused submission goes to', () => {
  it('is the first page with a field error', () => {
    expect(pageOfServerErrors(pages, { 5: 'x', 3: 'y' }, {})).toBe(2);
  });

  it('is page 1 for footer errors, where a paged form shows them', () => {
    expect(pageOfServerErrors(pages, { 3: 'y' }, { footer: 'Try again' })).toBe(1);
    expect(pageOfServerErrors(pages, {}, { footer_styled: 'Try again' })).toBe(1);
  });

  it('is the last page for a captcha error, unless a field error comes first', () => {
    expect(pageOfServerErrors(pages, {}, { recaptcha: 'Tick the box' })).toBe(3);
    expect(pageOfServerErrors(pages, { 3: 'y' }, { recaptcha: 'Tick the box' })).toBe(2);
  });

  it('stays where it is for header errors alone', () => {
    expect(pageOfServerErrors(pages, {}, { header: 'Closed' })).toBeUndefined();
  });
});
