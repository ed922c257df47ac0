import { expect, type FileChooser, type Locator, type Page, test } from '@playwright/test';
import {
  closeSiteDatabase,
  drawSignature,
  dropFile,
  entriesWhere,
  entryValues,
  openForm,
  publishFormPage,
  uniqueName,
} from './forms-support.ts';

/**
 * Seed §4's read-only lock on the fields whose widgets have controls of their own (issue 28):
 * the calendar, the time suggestions, the combobox, the file chooser and drop zone, the camera,
 * the signature pad and the rating. Locked, none of them changes the field's value; unlocked,
 * each works again; and a field locked after its files were chosen still sends them.
 */

test.afterAll(closeSiteDatabase);

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const lock = (page: Page, id: number, action: 'lock' | 'unlock', fieldId?: number) =>
  page.evaluate(
    ([formId, act, field]) =>
      window.qforms?.readOnly(formId as number, act as 'lock', field as number | undefined),
    [id, action, fieldId] as const,
  );

/** The calendar's first day that can be picked, after `skip` others. */
async function pickDay(form: Locator, skip = 0) {
  await form.getByRole('button', { name: 'Choose a date' }).click();
  const calendar = form.getByRole('dialog', { name: 'Choose a date' });
  await calendar.locator('.rdp-day:not(.rdp-disabled):not(.rdp-outside) button').nth(skip).click();
  await expect(calendar).toBeHidden();
}

/** The (fake) camera's preview, once its picture has come and the fields below have moved. */
async function startCamera(form: Locator) {
  await form.getByRole('button', { name: 'Use the camera' }).click();
  const preview = form.getByLabel('Camera preview');
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth))
    .toBeGreaterThan(0);
}

/** What the signature pad shows, to tell whether a stroke was drawn on it. */
const padPicture = (pad: Locator) =>
  pad.evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());

test('a locked form’s widgets change nothing, and work again once it is unlocked', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = uniqueName('Locked widgets');
  const { id, path } = await publishFormPage({
    title,
    settings: { antispam: { honeypot: true, minimumSeconds: 0 } },
    fields: [
      { id: 1, type: 'text', label: 'Reference' },
      { id: 2, type: 'date', label: 'Day' },
      { id: 3, type: 'time', label: 'Hour', format: '24h' },
      {
        id: 4,
        type: 'select',
        label: 'Languages',
        style: 'modern',
        multiple: true,
        choices: [{ label: 'English' }, { label: 'French' }, { label: 'German' }],
      },
      { id: 5, type: 'file-upload', label: 'Attachments', extensions: ['png', 'txt'], maxFiles: 3 },
      { id: 6, type: 'camera', label: 'Photo' },
      { id: 7, type: 'signature', label: 'Signature' },
      { id: 8, type: 'rating', label: 'Stars', scale: 5 },
    ],
  });
  const form = await openForm(page, path);
  // Exact names: the honeypot's label is made of the form's own.
  const choosers: FileChooser[] = [];
  page.on('filechooser', (chooser) => choosers.push(chooser));

  // Filled in before the lock.
  const day = form.getByRole('textbox', { name: 'Day', exact: true });
  await pickDay(form);
  const dayPicked = await day.inputValue();
  expect(dayPicked).not.toBe('');
  const hour = form.getByLabel('Hour', { exact: true });
  await hour.fill('10:30');
  const languages = form.getByRole('combobox', { name: 'Languages' });
  await languages.click();
  await page.keyboard.type('eng');
  await form.getByRole('option', { name: 'English' }).click();
  const chips = form.getByRole('list', { name: 'Chosen' });
  await expect(chips.getByRole('listitem')).toHaveText(['English×']);
  const files = form.getByLabel('Attachments', { exact: true });
  await files.setInputFiles({ name: 'chosen.png', mimeType: 'image/png', buffer: png });
  const dropZone = form.getByRole('group', { name: /Drop files here/ });
  await expect(dropZone.getByText('chosen.png (0.000 MB)')).toBeVisible();
  const pad = form.getByRole('img', { name: /Signature: draw/ });
  await drawSignature(page, pad);
  await expect(form.getByText('Signed by drawing.')).toBeVisible();
  const signed = await padPicture(pad);
  await startCamera(form);
  const stars = form.locator('.qforms-rating label');
  await stars.nth(2).click();
  await expect(form.getByRole('radio', { name: '3 of 5' })).toBeChecked();
  // The calendar is open when the lock comes.
  await form.getByRole('button', { name: 'Choose a date' }).click();
  await expect(form.getByRole('dialog', { name: 'Choose a date' })).toBeVisible();

  await lock(page, id, 'lock');

  // The calendar closes and cannot be opened.
  await expect(form.getByRole('dialog', { name: 'Choose a date' })).toBeHidden();
  await expect(form.getByRole('button', { name: 'Choose a date' })).toBeDisabled();
  await expect(day).toHaveAttribute('readonly', '');
  // The time offers no suggestions, and takes no typing.
  await expect(hour).not.toHaveAttribute('list');
  await hour.focus();
  await page.keyboard.type('9');
  await expect(hour).toHaveValue('10:30');
  // The combobox opens no list, picks nothing and removes nothing.
  await languages.click();
  await expect(languages).toHaveAttribute('aria-expanded', 'false');
  await expect(form.getByRole('listbox')).toBeHidden();
  await page.keyboard.type('Fr');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Backspace');
  await expect(form.getByRole('button', { name: 'Remove English' })).toBeDisabled();
  await expect(chips.getByRole('listitem')).toHaveText(['English×']);
  // The file chooser does not open, a drop adds nothing, nothing can be taken out.
  await expect(files).toHaveAttribute('aria-disabled', 'true');
  await files.click({ force: true });
  await dropFile(dropZone, 'dropped.txt', 'Dropped while locked\n');
  await expect(dropZone.getByRole('button', { name: 'Remove chosen.png' })).toBeDisabled();
  await expect(dropZone.getByRole('listitem')).toHaveCount(1);
  // The camera stops and cannot be started.
  await expect(form.getByLabel('Camera preview')).toBeHidden();
  await expect(form.getByRole('button', { name: 'Use the camera' })).toBeDisabled();
  // The pad takes no stroke and cannot be cleared.
  await drawSignature(page, pad);
  expect(await padPicture(pad)).toBe(signed);
  await expect(form.getByRole('button', { name: 'Clear' })).toBeDisabled();
  // Another star cannot be chosen (its radio is disabled: the click is a person's, unchecked).
  await stars.nth(4).click({ force: true });
  await expect(form.getByRole('radio', { name: '3 of 5' })).toBeChecked();
  await expect(form.getByRole('radio', { name: '5 of 5' })).toBeDisabled();
  await expect(day).toHaveValue(dayPicked);

  await lock(page, id, 'unlock');

  await expect(form.getByRole('button', { name: 'Choose a date' })).toBeEnabled();
  await pickDay(form, 1);
  await expect(day).not.toHaveValue(dayPicked);
  await expect(hour).toHaveAttribute('list', /.+/);
  await hour.fill('11:00');
  await expect(hour).toHaveValue('11:00');
  await languages.click();
  await page.keyboard.type('fre');
  await form.getByRole('option', { name: 'French' }).click();
  await expect(chips.getByRole('listitem')).toHaveText(['English×', 'French×']);
  await form.getByRole('button', { name: 'Remove English' }).click();
  await expect(chips.getByRole('listitem')).toHaveText(['French×']);
  // The one file chooser of the journey is this one: the locked click opened none.
  const chooser = page.waitForEvent('filechooser');
  await files.click();
  await (await chooser).setFiles({ name: 'again.png', mimeType: 'image/png', buffer: png });
  expect(choosers).toHaveLength(1);
  await expect(dropZone.getByText('again.png (0.000 MB)')).toBeVisible();
  await dropFile(dropZone, 'dropped.txt', 'Dropped once unlocked\n');
  await expect(dropZone.getByText('dropped.txt (0.000 MB)')).toBeVisible();
  await startCamera(form);
  await expect(form.getByRole('button', { name: 'Take photo' })).toBeEnabled();
  await form.getByRole('button', { name: 'Clear' }).click();
  await expect(form.getByText('Signed by drawing.')).toBeHidden();
  await drawSignature(page, pad);
  await expect(form.getByText('Signed by drawing.')).toBeVisible();
  await stars.nth(4).click();
  await expect(form.getByRole('radio', { name: '5 of 5' })).toBeChecked();

  // A field locked after its files were chosen still sends them.
  await lock(page, id, 'lock', 5);
  await expect(files).toHaveAttribute('aria-disabled', 'true');
  const reference = uniqueName('Locked files');
  await form.getByRole('textbox', { name: 'Reference', exact: true }).fill(reference);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.qforms-confirmation-container')).toBeVisible();
  const [entry] = await entriesWhere(id, 'Reference', reference);
  expect(entry).toBeDefined();
  const values = entryValues(entry!);
  expect(values.Attachments).toContain('again.png');
  expect(values.Attachments).toContain('dropped.txt');
});
