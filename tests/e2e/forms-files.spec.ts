import { expect, type Page, test } from '@playwright/test';
import { writeFileSettings } from '../../src/features/forms/server/files-settings-store.ts';
import { keepingSettings, signIn, waitForHydration } from './admin-support.ts';
import {
  closeSiteDatabase,
  drawSignature,
  dropFile,
  entriesWhere,
  entryValues,
  openForm,
  publishFormPage,
  siteDatabase,
  uniqueName,
} from './forms-support.ts';

/**
 * The file-backed fields (issue 15): files chosen or dropped with the upload's progress, the
 * upload limit that disables Submit, a photo from the (fake) camera, a signature drawn with the
 * pointer or typed from the keyboard; the owner then downloads what was sent.
 */

let form: { id: number; path: string };

test.beforeAll(async () => {
  form = await publishFormPage({
    title: 'Send us your files',
    settings: { antispam: { honeypot: true, minimumSeconds: 0 } },
    fields: [
      { id: 1, type: 'text', label: 'Your name', required: true },
      {
        id: 2,
        type: 'file-upload',
        label: 'Attachments',
        extensions: ['png', 'txt'],
        maxFiles: 3,
      },
      { id: 3, type: 'camera', label: 'Photo of the item' },
      { id: 4, type: 'signature', label: 'Signature', required: true },
    ],
  });
});
test.afterAll(closeSiteDatabase);

/** A small real PNG (1×1, red), with `extra` bytes after its end. */
const png = (extra = 0) =>
  Buffer.concat([
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    ),
    Buffer.alloc(extra, 1),
  ]);

/** The owner's download of a file named in an entry's value. */
async function downloadAs(page: Page, value: string, name: string) {
  const path = new RegExp(
    `${name.replace('.', '\\.')} \\([\\d.]+ MB\\) \\S+(/admin/files/[0-9a-f]{32})`,
  ).exec(value)?.[1];
  expect(path, `${name} in ${value}`).toBeDefined();
  return page.request.get(path ?? '');
}

test('files chosen and dropped, a photo and a drawn signature reach the owner, and only the owner', async ({
  page,
}) => {
  const form$ = await openForm(page, form.path);
  const name = uniqueName('Files');
  await form$.getByRole('textbox', { name: 'Your name' }).fill(name);

  // Chosen with the file chooser, then a second one dropped onto the field.
  await form$.getByLabel('Attachments', { exact: true }).setInputFiles({
    name: 'chosen.png',
    mimeType: 'image/png',
    buffer: png(),
  });
  const dropZone = form$.getByRole('group', { name: /Drop files here/ });
  await expect(dropZone.getByText('chosen.png (0.000 MB)')).toBeVisible();
  await dropFile(dropZone, 'dropped.txt', 'Notes dropped onto the form\n');
  await expect(dropZone.getByText('dropped.txt (0.000 MB)')).toBeVisible();
  await expect(form$.getByText('Files may come to 64 MB in all.').first()).toBeVisible();

  // The fake camera's picture.
  await form$.getByRole('button', { name: 'Use the camera' }).click();
  const preview = form$.getByLabel('Camera preview');
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth))
    .toBeGreaterThan(0);
  await form$.getByRole('button', { name: 'Take photo' }).click();
  await expect(form$.getByRole('img', { name: 'The photo you took' })).toBeVisible();
  await expect(form$.getByRole('button', { name: 'Retake' })).toBeVisible();

  await drawSignature(page, form$.getByRole('img', { name: /Signature: draw/ }));
  await expect(form$.getByText('Signed by drawing.')).toBeVisible();
  await expect(form$.getByRole('button', { name: 'Clear' })).toBeEnabled();

  const sent = page.waitForRequest((request) => request.url().endsWith('/ajax'));
  await form$.getByRole('button', { name: 'Submit' }).click();
  // Sent with XMLHttpRequest, whose upload reports the progress bar's value.
  expect((await sent).resourceType()).toBe('xhr');
  expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data/);
  await expect(page.locator('.qforms-confirmation-container')).toBeVisible();

  const [entry] = await entriesWhere(form.id, 'Your name', name);
  expect(entry).toBeDefined();
  const values = entryValues(entry!);
  expect(values.Attachments).toContain('chosen.png');
  expect(values.Attachments).toContain('dropped.txt');
  expect(values['Photo of the item']).toContain('photo.jpg');
  expect(values.Signature).toContain('signature.png');

  // A visitor without the owner's session gets nothing.
  const stranger = await downloadAs(page, values.Attachments ?? '', 'dropped.txt');
  expect(stranger.status()).toBe(401);

  await signIn(page);
  const notes = await downloadAs(page, values.Attachments ?? '', 'dropped.txt');
  expect(notes.status()).toBe(200);
  expect(notes.headers()['content-disposition']).toContain('attachment; filename="dropped.txt"');
  expect(notes.headers()['x-content-type-options']).toBe('nosniff');
  expect(await notes.text()).toBe('Notes dropped onto the form\n');
  const photo = await downloadAs(page, values['Photo of the item'] ?? '', 'photo.jpg');
  expect(photo.headers()['content-type']).toBe('image/jpeg');
  const signature = await downloadAs(page, values.Signature ?? '', 'signature.png');
  expect(signature.headers()['content-type']).toBe('image/png');
  expect((await signature.body()).subarray(1, 4).toString()).toBe('PNG');
});

test('files over the upload limit say so and disable Submit until one is taken out', async ({
  page,
}) => {
  await keepingSettings('files', async () => {
    await writeFileSettings(siteDatabase().db, { uploadLimitMb: 1 });
    const form$ = await openForm(page, form.path);
    await expect(form$.getByText('Files may come to 1 MB in all.').first()).toBeVisible();
    await form$.getByLabel('Attachments', { exact: true }).setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: png(600 * 1024) },
      { name: 'two.png', mimeType: 'image/png', buffer: png(600 * 1024) },
    ]);
    const submit = form$.getByRole('button', { name: 'Submit' });
    await expect(
      form$.getByText(
        /^The files you chose come to 1\.172 MB, more than the 1\.000 MB a form can take\./,
      ),
    ).toBeVisible();
    await expect(submit).toBeDisabled();
    await form$.getByRole('button', { name: 'Remove two.png' }).click();
    await expect(form$.locator('.qforms-upload-limit-error')).toHaveCount(0);
    await expect(submit).toBeEnabled();
  });
});

test('a keyboard-only visitor signs by typing their name', async ({ page }) => {
  const form$ = await openForm(page, form.path);
  const name = uniqueName('Typed');
  await form$.getByRole('textbox', { name: 'Your name' }).focus();
  await page.keyboard.type(name);
  const typed = form$.getByRole('textbox', { name: 'Or type your full name' });
  for (let press = 0; press < 12; press++) {
    if (await typed.evaluate((input) => input === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(typed).toBeFocused();
  await page.keyboard.type('Ada Lovelace');
  await page.keyboard.press('Enter');
  await expect(page.locator('.qforms-confirmation-container')).toBeVisible();
  const [entry] = await entriesWhere(form.id, 'Your name', name);
  expect(entryValues(entry!).Signature).toBe('Signed as Ada Lovelace');
});

test('the Files tab sets the upload limit forms state, and never shows the saved S3 secret', async ({
  page,
}) => {
  await keepingSettings('files', async () => {
    await signIn(page);
    await page.goto('/admin/settings');
    await waitForHydration(page);
    await page.getByRole('tab', { name: 'Files' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Files' });
    await panel.getByLabel('Upload limit (MB)').fill('8');
    await panel.getByLabel('S3 bucket').fill('Not a bucket');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByLabel('S3 bucket')).toHaveAttribute('aria-invalid', 'true');
    await panel.getByLabel('S3 bucket').fill('entry-files');
    await panel.getByLabel('S3 secret access key').fill('s3-secret-e2e-value');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('status')).toHaveText('Settings saved. The site shows them now.');
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('tab', { name: 'Files' }).click();
    await expect(panel.getByLabel('S3 secret access key')).toHaveValue('');
    await expect(panel.getByLabel('S3 secret access key')).toHaveAttribute('placeholder', /Saved/);
    expect(await page.content()).not.toContain('s3-secret-e2e-value');
    const form$ = await openForm(page, form.path);
    await expect(form$.getByText('Files may come to 8 MB in all.').first()).toBeVisible();
  });
});
