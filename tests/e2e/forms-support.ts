import { join } from 'node:path';
import { expect, type Locator, type Page, type Request, test } from '@playwright/test';
import { savePost } from '../../src/features/content/server/save-post.ts';
import type { FormDefinitionInput } from '../../src/features/forms/form-definition.ts';
import { allEntries, type StoredEntry } from '../../src/features/forms/server/entry-queries.ts';
import { saveForm } from '../../src/features/forms/server/forms-store.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { type MailMessage, parseStoredMailMessage } from '../../src/platform/mail/mail-message.ts';
import { e2eSite } from '../support/e2e-sites.ts';

/** The demo forms (demo/forms.json) and the pages that embed them. */
export const contactForm = { id: 1, path: '/contact/' } as const;
export const eventForm = { id: 2, path: '/event-sign-up/' } as const;

let handle: DatabaseHandle | undefined;

/** The site of the running journey's project (desktop and phone each drive their own). */
export const journeysSite = () => e2eSite(test.info().project.name);

/**
 * The e2e server's own SQLite database, opened from the test process as another instance of
 * the site would open it (the server sees changes at once: CACHE_VERSION_CHECK_MS is 0).
 */
export function siteDatabase(): DatabaseHandle {
  // A worker runs the journeys of one project only, so its site stays the same.
  handle ??= connectDatabase({ kind: 'sqlite', file: join(journeysSite().dataDir, 'quire.db') });
  return handle;
}

export async function closeSiteDatabase(): Promise<void> {
  await handle?.db.destroy();
  handle = undefined;
}

/** A form of the test's own, embedded in a new published page; returns where it is. */
export async function publishFormPage(
  definition: FormDefinitionInput,
): Promise<{ id: number; path: string }> {
  const database = siteDatabase();
  const form = await saveForm(database, definition);
  const page = await savePost(database, {
    type: 'page',
    title: definition.title,
    body: `A page made by the form journeys.\n\n[form id="${form.id}"]\n`,
    status: 'published',
  });
  return { id: form.id, path: `/${page.slug}/` };
}

/** A published page whose embedded form sits far below the first screen. */
export async function publishLongPageWithForm(formId: number): Promise<string> {
  const paragraphs = Array.from({ length: 40 }, (_, n) => `Paragraph ${n + 1} before the form.`);
  const page = await savePost(siteDatabase(), {
    type: 'page',
    title: 'A long page with a form',
    body: `${paragraphs.join('\n\n')}\n\n[form id="${formId}"]\n`,
    status: 'published',
  });
  return `/${page.slug}/`;
}

/** Replaces a stored form's definition, as the site owner editing it would. */
export async function editForm(id: number, definition: FormDefinitionInput): Promise<void> {
  await saveForm(siteDatabase(), definition, id);
}

/** A published page with nothing but text, for redirects to land on. */
export async function publishPlainPage(title: string): Promise<string> {
  const page = await savePost(siteDatabase(), {
    type: 'page',
    title,
    body: 'You have arrived.',
    status: 'published',
  });
  return `/${page.slug}/`;
}

/** The stored entries (or spam) of a form whose field `label` has `value`. */
export async function entriesWhere(
  formId: number,
  label: string,
  value: string,
  status: 'entry' | 'spam' = 'entry',
): Promise<StoredEntry[]> {
  const matching: StoredEntry[] = [];
  for await (const entry of allEntries(siteDatabase().db, { formId, status })) {
    if (entry.fields.some((field) => field.label === label && field.value === value)) {
      matching.push(entry);
    }
  }
  return matching;
}

/** The fields of an entry as label → value, for one readable assertion. */
export const entryValues = (entry: StoredEntry): Record<string, string> =>
  Object.fromEntries(entry.fields.map((field) => [field.label, field.value]));

/** Something unique for this run, to find the entry a journey stored. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/**
 * Opens a page with an embedded form and waits for its island: it hydrates when it scrolls
 * into view (`client:visible`), and sets `qforms-ready` then.
 */
export async function openForm(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  const form = page.locator('form.qforms-form').first();
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveClass(/qforms-ready/);
  return form;
}

/** The page markers `qforms-page-{n}`; the current one has `qforms-page--current`. */
export const formPage = (form: Locator, number: number) => form.locator(`.qforms-page-${number}`);

export async function expectCurrentPage(
  form: Locator,
  number: number,
  { waitForScroll = true } = {},
): Promise<void> {
  await expect(form.locator('.qforms-page--current')).toHaveCount(1);
  await expect(formPage(form, number)).toHaveClass(/qforms-page--current/);
  await expect(formPage(form, number)).toBeVisible();
  // A page change scrolls to the form over 750 ms; a click while the page moves can land beside
  // its target (a human aims at what is under the pointer, a test at where it was). With the
  // page's clock paused the scroll does not move at all: such a test says so.
  if (waitForScroll) await scrollSettled(form.page());
}

/**
 * Resolves once the window has not scrolled for 250 ms of frames. The page-change scroll eases
 * in and out, so near its ends it moves less than a pixel for a few frames: a still frame or two
 * does not mean it is over.
 */
export async function scrollSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        let last = window.scrollY;
        let stillSince = performance.now();
        const frame = (time: number) => {
          if (window.scrollY !== last) {
            last = window.scrollY;
            stillSince = time;
          }
          if (time - stillSince >= 250) done();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** The error shown under an input: `{input id}-error`, which its aria-describedby names. */
export async function errorOf(input: Locator): Promise<Locator> {
  const id = await input.getAttribute('id');
  if (!id) throw new Error('The input has no id');
  return input.page().locator(`[id="${id}-error"]`);
}

/**
 * Seconds since the form was first touched must reach the form's minimum fill time before a
 * submission counts as an entry (3 s in the demo forms); this waits out what is left.
 */
export async function waitForMinimumFillTime(since: number, seconds = 3): Promise<void> {
  // The island starts counting at the first focus, a little after `since` on a busy machine.
  const left = since + seconds * 1000 + 750 - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/** What the form sent to `/ajax` (form-encoded or multipart) as a string, for `toContain`. */
export const bodyOf = (request: Request) => request.postData() ?? '';
export const isAction = (request: Request, action: string) =>
  request.url().endsWith('/ajax') &&
  request.method() === 'POST' &&
  (bodyOf(request).includes(`action=${action}`) ||
    bodyOf(request).includes(`name="action"\r\n\r\n${action}`));

/** The progress indicator: its value, its text and the bar's drawn width, all in step. */
export async function expectProgress(form: Locator, current: number, total: number, title: string) {
  const percent = Math.round((current / total) * 100);
  const bar = form.getByRole('progressbar');
  await expect(bar).toHaveAttribute('aria-valuenow', String(percent));
  await expect(form.locator('.qforms-page-indicator-title')).toHaveText(
    `${title} Page ${current} of ${total}`,
  );
  await expect
    .poll(async () => {
      const track = await bar.boundingBox();
      const filled = await bar.locator('.qforms-page-indicator-page-progress').boundingBox();
      return track && filled ? Math.round((filled.width / track.width) * 100) : -1;
    })
    .toBe(percent);
}

/** Page 1 of the event form ("About you"). */
export function aboutYou(form: Locator) {
  return {
    name: form.getByRole('textbox', { name: 'Your name', exact: true }),
    email: form.getByRole('textbox', { name: 'Email', exact: true }),
    confirmEmail: form.getByRole('textbox', { name: 'Confirm Email', exact: true }),
    website: form.getByRole('textbox', { name: 'Your website or portfolio', exact: true }),
  };
}

export async function fillAboutYou(form: Locator, name: string, email: string) {
  const fields = aboutYou(form);
  await fields.name.fill(name);
  await fields.email.fill(email);
  await fields.confirmEmail.fill(email);
}

export const nextButton = (form: Locator) => form.getByRole('button', { name: 'Next' });
export const previousButton = (form: Locator) => form.getByRole('button', { name: 'Previous' });

/** A one-field form of the test's own, published on a page; minimum fill time off. */
export async function publishOneFieldForm(title: string, settings: Record<string, unknown>) {
  return publishFormPage({
    title,
    settings: { antispam: { minimumSeconds: 0 }, ...settings },
    fields: [{ id: 1, type: 'text', label: 'Your name', required: true }],
  });
}

/** The contact form, filled in validly. */
export async function fillContactForm(form: Locator) {
  await form.getByRole('textbox', { name: 'First', exact: true }).fill('Mary');
  await form.getByRole('textbox', { name: 'Last', exact: true }).fill('Somerville');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('mary@example.org');
  await form
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('On the connexion of the sciences.');
  await form.getByRole('checkbox', { name: /I agree/ }).check();
}

/** The mails queued in the site's outbox for an address (owner notifications or copies). */
export async function mailsTo(address: string): Promise<Array<{ subject: string; text: string }>> {
  const rows = await siteDatabase().db.selectFrom('mail_outbox').select('message').execute();
  return rows
    .map((row) => JSON.parse(row.message) as { to: string[]; subject: string; text: string })
    .filter((mail) => mail.to.includes(address));
}

/** A mail address nobody else in this run uses. */
export const uniqueAddress = (prefix: string) =>
  `${uniqueName(prefix).replace(/\W+/g, '.')}@example.org`;

/** The contact form filled in with the given values. */
export async function fillContactFormWith(
  form: Locator,
  values: { first: string; last: string; email: string; message: string },
) {
  await form.getByRole('textbox', { name: 'First', exact: true }).fill(values.first);
  await form.getByRole('textbox', { name: 'Last', exact: true }).fill(values.last);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(values.email);
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill(values.message);
  await form.getByRole('checkbox', { name: /I agree/ }).check();
}

/** The newest mail queued for an address, read from the site's outbox. */
export async function lastMailTo(email: string): Promise<MailMessage> {
  let found: MailMessage | undefined;
  await expect
    .poll(async () => {
      const rows = await siteDatabase()
        .db.selectFrom('mail_outbox')
        .select('message')
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
      found = rows.map((row) => parseStoredMailMessage(row.message)).find((m) => m.to === email);
      return found;
    })
    .toBeDefined();
  return found as MailMessage;
}

/** Drags a file from outside the page onto an element, as a person drops one from their desktop. */
export async function dropFile(target: Locator, name: string, text: string) {
  const transfer = await target.page().evaluateHandle(
    ([fileName, content]) => {
      const data = new DataTransfer();
      data.items.add(new File([content ?? ''], fileName ?? 'file', { type: 'text/plain' }));
      return data;
    },
    [name, text],
  );
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

/** Draws a stroke across the signature pad with the pointer. */
export async function drawSignature(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('The signature pad is not shown');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(box.x + 20 + step * 15, box.y + box.height / 2 + (step % 2 ? 15 : -15));
  }
  await page.mouse.up();
}
