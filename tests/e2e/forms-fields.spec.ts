import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { FormDefinitionInput } from '../../src/features/forms/form-definition.ts';
import { expectNoAxeViolations } from './admin-support.ts';
import {
  closeSiteDatabase,
  entriesWhere,
  entryValues,
  expectCurrentPage,
  openForm,
  publishFormPage,
  uniqueName,
  waitForMinimumFillTime,
} from './forms-support.ts';

/**
 * The field types of Forms III in the browser, on desktop and phone: the demo's Everything form
 * (less its files and captcha, which have journeys of their own) filled in once with the mouse
 * or a finger and once with the keyboard alone, then found in the entries as the owner will
 * read them; and the address's state rule of seed §4.
 */

test.afterAll(closeSiteDatabase);

type DemoForms = { forms: Array<{ id: number; definition: FormDefinitionInput }> };
const demo = JSON.parse(readFileSync('demo/forms.json', 'utf8')) as DemoForms;
const everything = demo.forms.find((form) => form.id === 4)!.definition;
const elsewhere = ['file-upload', 'camera', 'signature', 'captcha'];

/** The Everything form under a title of its own, so the journey finds its entry. */
async function publishEverything(title: string) {
  const fields = everything.fields.filter((field) => !elsewhere.includes(field.type));
  // The files page is empty without its fields: it goes too.
  const index = fields.findIndex((field) => field.type === 'pagebreak' && field.title === 'Files');
  fields.splice(index, 1);
  return publishFormPage({ ...everything, title, fields });
}

const next = (form: Locator, page: number) =>
  form.locator(`.qforms-page-${page} .qforms-page-next`);

/** The first day the calendar lets the visitor choose. */
async function pickFirstOpenDay(page: Page, form: Locator, viaKeyboard: boolean) {
  const button = form.getByRole('button', { name: 'Choose a date' });
  if (viaKeyboard) {
    await button.focus();
    await page.keyboard.press('Enter');
  } else {
    await button.click();
  }
  const calendar = form.getByRole('dialog', { name: 'Choose a date' });
  await expect(calendar).toBeVisible();
  const open = calendar.locator('.rdp-day:not(.rdp-disabled):not(.rdp-outside) button').first();
  if (viaKeyboard) {
    // The calendar focuses a day; arrows move, Enter picks. Walk to the first open day.
    const label = await open.getAttribute('aria-label');
    for (let step = 0; step < 40; step++) {
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      if (focused === label) break;
      await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('Enter');
  } else {
    await open.click();
  }
  await expect(calendar).toBeHidden();
}

for (const way of ['pointer', 'keyboard'] as const) {
  test(`every field type of the Everything form, filled in by ${way}`, async ({ page }) => {
    // Five pages and every field type in one journey: far longer than the default 30 s budget
    // of a test on a busy machine (each step keeps its own timeout).
    test.setTimeout(120_000);
    const keys = way === 'keyboard';
    const title = uniqueName(`Everything by ${way}`);
    const { id, path } = await publishEverything(title);
    const form = await openForm(page, path);
    const began = Date.now();

    /** Types into a field: clicked, or reached with focus() and typed, no pointer at all. */
    const typeInto = async (field: Locator, text: string) => {
      if (keys) await field.focus();
      else await field.click();
      await page.keyboard.type(text);
    };
    const choose = async (label: Locator) => {
      if (keys) {
        await label.focus();
        await page.keyboard.press('Space');
      } else {
        await label.click();
      }
    };

    // Page 1: typing.
    await typeInto(form.getByRole('textbox', { name: 'First' }), 'Anna');
    await typeInto(form.getByRole('textbox', { name: 'Last' }), 'Smith');
    await typeInto(form.getByRole('textbox', { name: 'Email', exact: true }), 'anna@example.org');
    await typeInto(form.getByRole('textbox', { name: 'Confirm Email' }), 'anna@example.org');
    const masked = form.getByRole('textbox', { name: 'US phone (masked input)' });
    await typeInto(masked, '201555012');
    await masked.blur();
    await expect(masked).toHaveValue('(201) 555-012');
    await expect(form.getByText('Please fill out the field in required format.')).toBeVisible();
    await typeInto(masked, '3');
    await expect(masked).toHaveValue('(201) 555-0123');
    const password = form.locator('input[type="password"]').first();
    await typeInto(password, 'annasmith1990');
    await expect(form.locator('.qforms-password-strength')).toContainText('Strength:');
    await password.blur();
    await expect(form.getByText(/too easy to guess/)).toBeVisible();
    await password.fill('');
    await typeInto(password, 'tin kettle orbit meadow');
    await typeInto(form.getByLabel('Confirm Password'), 'tin kettle orbit meadow');
    const about = form.getByRole('textbox', { name: 'Tell us about yourself' });
    await typeInto(about, 'I like ');
    if (keys) await page.keyboard.press('Control+b');
    else await form.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('hills');
    await expect(about.locator('b, strong')).toHaveText('hills');
    if (keys)
      await next(form, 1)
        .focus()
        .then(() => page.keyboard.press('Enter'));
    else await next(form, 1).click();
    await expectCurrentPage(form, 2);

    // Page 2: choosing.
    await choose(form.locator('label', { hasText: 'Coast' }).locator('..').locator('input'));
    await choose(form.locator('label', { hasText: 'Bread' }).locator('..').locator('input'));
    const languages = form.getByRole('combobox', { name: 'Languages you speak' });
    await typeInto(languages, 'fre');
    if (!keys) await form.getByRole('option', { name: 'French' }).click();
    else await page.keyboard.press('Enter');
    await typeInto(languages, 'wel');
    await page.keyboard.press('Enter');
    await expect(form.locator('.qforms-chips li')).toHaveText([/French/, /Welsh/]);
    await page.keyboard.press('Escape');
    await expect(form.getByRole('listbox')).toBeHidden();
    const stars = form.getByRole('group', { name: /How was the last walk/ });
    if (keys) {
      await stars.getByRole('radio').first().focus();
      await page.keyboard.press('Space');
      for (let n = 1; n < 4; n++) await page.keyboard.press('ArrowRight');
    } else {
      await stars.locator('label').nth(3).click();
    }
    await expect(stars.getByRole('radio', { name: '4 of 5' })).toBeChecked();
    for (const [row, column] of [
      ['Early starts', 'Love'],
      ['Long climbs', 'Neutral'],
      ['Sketching outdoors', 'Like'],
    ] as const) {
      await choose(form.getByRole('radio', { name: `${row} ${column}` }));
    }
    const nps = form.getByRole('group', { name: /recommend the weekend/ });
    if (keys) {
      await nps.getByRole('radio', { name: '0', exact: true }).focus();
      await page.keyboard.press('Space');
      for (let n = 0; n < 9; n++) await page.keyboard.press('ArrowRight');
    } else {
      await nps.locator('label', { hasText: /^9$/ }).click();
    }
    await expect(nps.getByRole('radio', { name: '9', exact: true })).toBeChecked();
    if (keys)
      await next(form, 2)
        .focus()
        .then(() => page.keyboard.press('Enter'));
    else await next(form, 2).click();
    await expectCurrentPage(form, 3);

    // Page 3: when and where.
    await pickFirstOpenDay(page, form, keys);
    const date = form.getByRole('textbox', { name: 'Which weekday can you start?' });
    await expect(date).toHaveValue(/^\d\d\/\d\d\/\d{4}$/);
    await typeInto(form.getByRole('combobox', { name: 'Arrival time' }), '9:30 AM');
    const call = form.getByRole('combobox', { name: 'Best time to call' });
    await typeInto(call, '18:00');
    await call.blur();
    await expect(form.getByText('Please choose a time from 09:00 to 17:30.')).toBeVisible();
    await call.fill('');
    await typeInto(call, '10:15');
    await typeInto(form.getByRole('textbox', { name: 'Address Line 1' }), '1 Main Street');
    await typeInto(form.getByRole('textbox', { name: 'City' }), 'Springfield');
    await typeInto(form.getByRole('textbox', { name: 'State / Province / Region' }), 'IL');
    await typeInto(form.getByRole('textbox', { name: 'Zip / Postal Code' }), '62701');
    await typeInto(form.getByRole('textbox', { name: 'Phone number' }), '201 555 0123');
    await form.getByRole('textbox', { name: 'Phone number' }).blur();
    await expect(form.getByText('Country (+1)')).toBeVisible();
    if (keys)
      await next(form, 3)
        .focus()
        .then(() => page.keyboard.press('Enter'));
    else await next(form, 3).click();
    await expectCurrentPage(form, 4);

    // Page 4: a guest in the repeater, the preview, consent.
    const add = form.getByRole('button', { name: 'Add a guest' });
    if (keys) await add.focus().then(() => page.keyboard.press('Enter'));
    else await add.click();
    await typeInto(form.getByRole('textbox', { name: 'Name' }).last(), 'Bo');
    await typeInto(form.getByRole('textbox', { name: 'Email' }).last(), 'bo@example.org');
    const preview = form.locator('.qforms-entry-preview');
    await expect(preview).toContainText('Anna Smith');
    await expect(preview).toContainText('1 Main Street, Springfield, IL 62701, US');
    await expect(preview).toContainText('Bo, bo@example.org');
    await choose(form.getByRole('checkbox', { name: /I agree/ }));
    await expectNoAxeViolations(page);

    await waitForMinimumFillTime(began);
    if (keys) await form.getByRole('button', { name: 'Send everything' }).focus();
    if (keys) await page.keyboard.press('Enter');
    else await form.getByRole('button', { name: 'Send everything' }).click();
    await expect(page.getByText('Every answer arrived')).toBeVisible();

    const [entry] = await entriesWhere(id, 'Arrival time', '9:30 AM');
    expect(entry).toBeDefined();
    const stored = entryValues(entry!);
    expect(stored).toMatchObject({
      'US phone (masked input)': '(201) 555-0123',
      'Pick a landscape': 'Coast',
      'Which meals should we plan?': 'Bread',
      'Languages you speak': 'French, Welsh',
      'How was the last walk?': '4 of 5',
      'How do you feel about…':
        'Early starts: Love; Long climbs: Neutral; Sketching outdoors: Like',
      'How likely are you to recommend the weekend to a friend?': '9',
      'Best time to call': '10:15',
      'Postal address': '1 Main Street, Springfield, IL 62701, US',
      'Mobile phone': '+12015550123',
      'Who else is coming?': 'Bo, bo@example.org, —',
      'Tell us about yourself': 'I like <strong>hills</strong>',
    });
    expect(stored['Which weekday can you start?']).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    expect(stored['Choose a password']).toMatch(/^scrypt\$/);
  });
}

test('an address in a country without states clears, disables and frees the state (seed §4)', async ({
  page,
}) => {
  const { path } = await publishFormPage({
    title: uniqueName('Address rule'),
    fields: [{ id: 1, type: 'address', label: 'Where', required: true, defaultCountry: 'US' }],
  });
  const form = await openForm(page, path);
  const state = form.getByRole('textbox', { name: 'State / Province / Region' });
  const country = form.getByRole('combobox', { name: 'Country' });
  await state.fill('Oregon');
  await expect(state).toHaveAttribute('aria-required', 'true');
  for (const code of ['GB', 'DE', 'CH', 'NL']) {
    await country.selectOption(code);
    await expect(state).toBeDisabled();
    await expect(state).toHaveValue('');
    await expect(state).not.toHaveAttribute('aria-required');
    await country.selectOption('US');
  }
  await country.selectOption('FR');
  await expect(state).toBeEnabled();
  await expect(state).toHaveAttribute('aria-required', 'true');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('This field is required.').first()).toBeVisible();
  await expect(await state.getAttribute('aria-invalid')).toBe('true');
});

test('a page script locks and unlocks the new field types (seed §4)', async ({ page }) => {
  const { id, path } = await publishFormPage({
    title: uniqueName('Locks'),
    fields: [
      { id: 1, type: 'date', label: 'Day' },
      { id: 2, type: 'time', label: 'Hour' },
      { id: 3, type: 'masked', label: 'Code', mask: 'aa-99' },
      { id: 4, type: 'address', label: 'Where' },
      { id: 5, type: 'rating', label: 'Stars' },
      { id: 6, type: 'rich-text', label: 'Story' },
      {
        id: 7,
        type: 'repeater',
        label: 'Guests',
        fields: [{ id: 1, type: 'text', label: 'Guest' }],
      },
    ],
  });
  const form = await openForm(page, path);
  const day = form.getByRole('textbox', { name: 'Day' });
  // A combobox with its suggestions; locked, a plain text input without them.
  const hour = form.getByLabel('Hour', { exact: true });
  const code = form.getByRole('textbox', { name: 'Code', exact: true });
  const street = form.getByRole('textbox', { name: 'Address Line 1' });
  const guest = form.getByRole('textbox', { name: 'Guest' });
  const story = form.getByRole('textbox', { name: 'Story' });
  await form.getByRole('radio', { name: '3 of 5' }).check({ force: true });
  await page.evaluate((formId) => window.qforms?.readOnly(formId, 'lock'), id);
  for (const input of [day, hour, code, street, guest]) {
    await expect(input).toHaveAttribute('readonly', '');
  }
  await expect(form.getByRole('combobox', { name: 'Country' })).toBeDisabled();
  await expect(form.getByRole('radio', { name: '1 of 5' })).toBeDisabled();
  await expect(story).toHaveAttribute('readonly', '');
  await expect(form.getByRole('button', { name: 'Add another' })).toBeHidden();
  await page.evaluate((formId) => window.qforms?.readOnly(formId, 'unlock'), id);
  for (const input of [day, hour, code, street, guest]) {
    await expect(input).not.toHaveAttribute('readonly');
  }
  await expect(form.getByRole('combobox', { name: 'Country' })).toBeEnabled();
  await expect(form.getByRole('button', { name: 'Add another' })).toBeVisible();
});
