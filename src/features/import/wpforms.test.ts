import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { type FormField, parseFormDefinition } from '../forms/form-definition.ts';
import { importWpforms } from './wpforms.ts';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(`tests/fixtures/import/wpforms-${name}.json`, 'utf8'));

const survey = importWpforms(fixture('contact-survey'));
const order = importWpforms(fixture('order'));

const form = (result: typeof survey, id: number) => {
  const found = result.definitions.find((d) => d.sourceId === id);
  if (!found) throw new Error(`form ${id} was not imported`);
  return found;
};
const field = (result: typeof survey, formId: number, id: number): FormField => {
  const found = form(result, formId).definition.fields.find((f) => f.id === id);
  if (!found) throw new Error(`field ${id} is missing`);
  return found;
};
const notesOf = (result: typeof survey, formId: number) =>
  result.notes.filter((n) => n.form === formId).map((n) => n.text);

describe('WPForms export → Quire forms', () => {
  test('every produced definition parses with Quire’s schema as it is', () => {
    for (const result of [survey, order]) {
      for (const { definition } of result.definitions) {
        expect(parseFormDefinition(definition)).toEqual({ ok: true, definition });
      }
    }
    expect(survey.definitions.map((d) => d.sourceId)).toEqual([12, 13, 14]);
  });

  test('each field type becomes its Quire equivalent with label, description, required and settings', () => {
    const types = form(survey, 12).definition.fields.map((f) => [f.id, f.type]);
    expect(types).toEqual([
      [31, 'name'],
      [1, 'email'],
      [2, 'text'],
      [3, 'textarea'],
      [4, 'select'],
      [5, 'radio'],
      [6, 'phone'],
      [7, 'checkbox'],
      [8, 'address'],
      [9, 'date'],
      [32, 'time'],
      [10, 'date'],
      [11, 'time'],
      [12, 'number'],
      [13, 'number-slider'],
      [14, 'rating'],
      [15, 'likert-scale'],
      [16, 'net-promoter-score'],
      [17, 'hidden'],
      [18, 'url'],
      [19, 'password'],
      [20, 'rich-text'],
      [21, 'content'],
      [22, 'html'],
      [23, 'divider'],
      [24, 'file-upload'],
      [25, 'signature'],
      [26, 'masked'],
      [27, 'gdpr-checkbox'],
      [30, 'captcha'],
    ]);
    expect(field(survey, 12, 31)).toMatchObject({
      label: 'Your name',
      required: true,
      format: 'first-last',
    });
    expect(field(survey, 12, 1)).toMatchObject({
      confirmation: true,
      denyList: ['*@spam.example', 'mailinator.com'],
    });
    expect(field(survey, 12, 2)).toMatchObject({
      description: 'What is it about?',
      cssClass: 'wide b',
      limit: { count: 80, mode: 'characters' },
    });
    expect(field(survey, 12, 4)).toMatchObject({
      style: 'modern',
      choices: [
        { label: 'Sales', value: 'sales', selected: false },
        { label: 'Support', value: 'support', selected: true },
      ],
    });
    expect(field(survey, 12, 5)).toMatchObject({
      imageChoices: true,
      choices: [{ image: '/wp-content/uploads/2024/01/phone.png' }, { label: 'E-mail' }],
    });
    expect(field(survey, 12, 8)).toMatchObject({ defaultCountry: 'DE', address2: false });
    expect(field(survey, 12, 9)).toMatchObject({
      dateFormat: 'dd/mm/yyyy',
      limitDays: ['mon', 'tue'],
    });
    expect(field(survey, 12, 32)).toMatchObject({
      label: 'Appointment (time)',
      format: '24h',
      minTime: '09:00',
      maxTime: '17:30',
      interval: 15,
    });
    expect(field(survey, 12, 15)).toMatchObject({ rows: ['Speed', 'Quality'], multiple: true });
    expect(field(survey, 12, 19)).toMatchObject({ confirmation: true, strengthLevel: 3 });
    expect(field(survey, 12, 24)).toMatchObject({
      extensions: ['pdf', 'docx'],
      maxSizeMb: 5,
      maxFiles: 3,
    });
    expect(field(survey, 12, 26)).toMatchObject({ mask: '99999' });
    expect(field(survey, 12, 27)).toMatchObject({
      agreement: 'I agree to the storage of my data.',
    });
    expect(form(survey, 12).timeParts).toEqual({ 9: 32 });
    expect(form(survey, 12).fieldIds[0]).toBe(31);
    expect(form(survey, 12).definition.lastFieldId).toBe(32);
  });

  test('conditional logic is kept where Quire can say it, with choice keys turned into values', () => {
    expect(field(survey, 12, 6).conditions).toEqual({
      action: 'show',
      match: 'all',
      rules: [{ field: 5, operator: 'is', value: 'Phone' }],
    });
    expect(field(order, 40, 10).conditions).toEqual({
      action: 'hide',
      match: 'any',
      rules: [
        { field: 9, operator: 'is', value: 'Lunch' },
        { field: 3, operator: 'contains', value: '@example.com' },
      ],
    });
    expect(field(order, 40, 13).conditions).toBeUndefined();
    expect(notesOf(order, 40)).toContain(
      'Conditional logic of “Total” was left out: Quire has no “>” comparison.',
    );
  });

  test('notifications and confirmations map, smart tags become placeholders or are listed', () => {
    const { settings } = form(survey, 12).definition;
    expect(settings.notifications).toMatchObject({
      owner: true,
      ownerTo: ['sales@example.com', 'boss@example.com'],
      ownerSubject: 'New {form} entry from {field_id="2"}',
      visitorEmailField: 1,
      visitorSubject: 'Thanks from {site}',
      visitorMessage: 'We got it, {field_id="0"}.',
    });
    expect(settings.confirmation).toEqual({
      type: 'message',
      message: '<p>Thanks, {field_id="0"}! {form_name}</p>',
    });
    expect(settings).toMatchObject({ submitText: 'Send', cssClass: 'contact', ajax: true });
    const notes = notesOf(survey, 12);
    expect(notes).toContain(
      'Default Notification: the smart tags {field_id="2"} have no equivalent and are kept as written.',
    );
    expect(notes).toContain(
      'Notification recipient “not-an-address” is not an e-mail address Quire can send to and was left out.',
    );
    expect(notes).toContain(
      '1 more confirmation(s) with conditional logic were left out; Quire shows one.',
    );
    expect(form(survey, 13).definition.settings.confirmation).toEqual({
      type: 'redirect',
      url: '/?page_id=42',
      newTab: false,
    });
    expect(form(survey, 14).definition.settings.confirmation.type).toBe('message');
    expect(form(survey, 14).definition.settings.notifications.owner).toBe(false);
    expect(notesOf(survey, 14)).toContain(
      'The confirmation redirect “javascript:alert(1)” is not a safe address; the default message is shown.',
    );
  });

  test('what cannot map is listed per form, and the site captcha is added where WPForms had reCAPTCHA', () => {
    const notes = notesOf(survey, 12);
    expect(notes).toContain(
      'Field “Staff notes” (internal-information) has no equivalent in Quire and was left out.',
    );
    expect(notes).toContain(
      'Layout “Two columns”: Quire forms have no columns; its fields follow one another.',
    );
    expect(notes).toContain(
      'Name “Your name”: Quire asks for first and last name; the middle name input was dropped.',
    );
    expect(notes).toContain(
      'File upload “CV”: extensions p*f are not plain extensions and were dropped.',
    );
    expect(form(survey, 13).definition.title).toBe('Form 13');
    expect(form(survey, 13).definition.fields.at(-1)).toMatchObject({ id: 4, type: 'captcha' });
    expect(survey.notes).toContainEqual({
      form: 0,
      title: '',
      text: 'Item 4 of the file is not a WPForms form; it was skipped.',
    });
    expect(importWpforms({ hello: 1 }).notes[0]?.text).toMatch(/not a WPForms export/);
  });

  test('a multi-page payment form keeps its pages, prices in cents, quantities and provider', () => {
    const { definition } = form(order, 40);
    expect(definition.settings).toMatchObject({
      firstPageTitle: 'Your order',
      pageIndicator: 'circles',
    });
    expect(definition.fields.filter((f) => f.type === 'pagebreak')).toMatchObject([
      { id: 7, title: 'Extras', nextText: 'Continue', prevText: 'Back' },
      { id: 12, title: 'Pay', nextText: 'Go to payment' },
    ]);
    expect(field(order, 40, 4)).toMatchObject({ price: 123450, quantity: { min: 1, max: 5 } });
    expect(field(order, 40, 5)).toMatchObject({ priceType: 'user', minimumPrice: 500 });
    expect(field(order, 40, 6)).toMatchObject({ price: 1250, hidePrice: true });
    expect(field(order, 40, 8)).toMatchObject({
      hidePrice: false,
      choices: [{ price: 1000 }, { price: 1200, selected: true }],
    });
    expect(field(order, 40, 9)).toMatchObject({
      choiceLimit: 2,
      choices: [{ price: 1500 }, { price: 2550 }, { price: 0 }],
    });
    expect(field(order, 40, 10)).toMatchObject({
      hidePrice: true,
      choices: [{ price: 0 }, { price: 750 }],
    });
    expect(
      definition.fields.filter((f) => f.type === 'payment-credit-card').map((f) => f.id),
    ).toEqual([14]);
    expect(definition.settings.payment).toMatchObject({
      provider: 'stripe',
      description: 'Workshop',
    });
    expect(definition.settings.notifications.ownerSubject).toBe('Order on {site}: {form}');
    expect(notesOf(order, 40)).toEqual(
      expect.arrayContaining([
        'Field “Mystery”: the price “free” is not an amount; 0 was used.',
        'Card field “Card again”: a form has one card field; this one was left out.',
        "Payments through PayPal are not available in Quire; the site's payment provider is used.",
      ]),
    );
  });
});
