import type { DatabaseHandle } from '../../../platform/db/connect.ts';
import type { FormDefinitionInput } from '../form-definition.ts';
import { saveForm } from './forms-store.ts';

/** Embedded in the demo's Contact page as `[form id="1"]`. */
export const demoContactFormId = 1;
/** Embedded in the demo's Event sign-up page as `[form id="2"]`. */
export const demoEventFormId = 2;

const contactForm: FormDefinitionInput = {
  title: 'Contact',
  settings: {
    submitText: 'Send message',
    confirmation: {
      type: 'message',
      message:
        '**Thank you, your message is on its way.** I read everything myself and usually reply within a week.',
    },
    notifications: {
      ownerSubject: 'Field Notes: a message from the contact form',
      visitorEmailField: 2,
      visitorSubject: 'Your message to Field Notes',
      visitorMessage: 'Thank you for writing. This is a copy of your message; I will reply soon.',
    },
  },
  fields: [
    { id: 1, type: 'name', label: 'Name', format: 'first-last', required: true },
    {
      id: 2,
      type: 'email',
      label: 'Email',
      required: true,
      placeholder: 'you@example.org',
      description: 'Only used to reply to you.',
    },
    { id: 3, type: 'text', label: 'Subject', placeholder: 'What is it about?' },
    {
      id: 4,
      type: 'textarea',
      label: 'Message',
      required: true,
      limit: { count: 1000, mode: 'characters' },
    },
    {
      id: 5,
      type: 'gdpr-checkbox',
      label: 'Privacy',
      agreement: 'I agree that my message and address are kept to answer me.',
    },
  ],
};

const eventForm: FormDefinitionInput = {
  title: 'Event sign-up',
  description: 'The spring sketching walk and workshop weekend.',
  settings: {
    submitText: 'Sign me up',
    submittingText: 'Signing you up...',
    pageIndicator: 'progress',
    firstPageTitle: 'About you',
    confirmation: {
      type: 'message',
      message:
        "**You're on the list.** A confirmation is on its way to your inbox, with the meeting point and what to bring.",
    },
    notifications: {
      ownerSubject: 'New sign-up: {form}',
      visitorEmailField: 2,
      visitorSubject: 'You are signed up for the sketching weekend',
      visitorMessage: 'Thank you for signing up. Here is what you told us:',
    },
  },
  fields: [
    {
      id: 20,
      type: 'content',
      content:
        'Two days of walking, drawing and eating well in the hills. Places are limited to **24**; the form takes about two minutes.',
    },
    { id: 1, type: 'name', label: 'Your name', required: true, placeholder: 'Full name' },
    {
      id: 2,
      type: 'email',
      label: 'Email',
      required: true,
      confirmation: true,
      placeholder: 'you@example.org',
      confirmationPlaceholder: 'Type it once more',
      denyList: ['*@example.com', '*@mailinator.com'],
    },
    {
      id: 3,
      type: 'url',
      label: 'Your website or portfolio',
      description: 'Optional. https:// is added for you.',
    },
    { id: 4, type: 'hidden', label: 'Source', defaultValue: 'demo-site' },
    { id: 21, type: 'pagebreak', title: 'Your weekend' },
    {
      id: 5,
      type: 'radio',
      label: 'Which day are you coming?',
      required: true,
      choices: [{ label: 'Saturday' }, { label: 'Sunday' }, { label: 'Both days' }],
    },
    {
      id: 6,
      type: 'checkbox',
      label: 'Workshops',
      description: 'Choose up to two.',
      choiceLimit: 2,
      choices: [
        { label: 'Pen and wash' },
        { label: 'Pocket watercolours' },
        { label: 'Drawing people' },
        { label: 'Bookbinding' },
      ],
    },
    {
      id: 7,
      type: 'select',
      label: 'T-shirt size',
      placeholder: 'Choose a size',
      choices: [{ label: 'S' }, { label: 'M' }, { label: 'L' }, { label: 'XL' }],
    },
    {
      id: 8,
      type: 'select',
      label: 'Dietary needs',
      multiple: true,
      description: 'Choose all that apply.',
      choices: [
        { label: 'Vegetarian' },
        { label: 'Vegan' },
        { label: 'Gluten-free' },
        { label: 'Allergy' },
      ],
    },
    {
      id: 9,
      type: 'text',
      label: 'Tell us about the allergy',
      required: true,
      conditions: { rules: [{ field: 8, operator: 'is', value: 'Allergy' }] },
    },
    {
      id: 10,
      type: 'number',
      label: 'Guests you are bringing',
      min: 0,
      max: 4,
      step: 1,
      defaultValue: '0',
    },
    {
      id: 11,
      type: 'number-slider',
      label: 'How much do you draw?',
      min: 1,
      max: 10,
      step: 1,
      defaultValue: 5,
      valueHint: 'Selected Value: {value} out of 10',
    },
    {
      id: 12,
      type: 'radio',
      label: 'Getting there',
      required: true,
      choices: [{ label: 'I will make my own way' }, { label: 'I would like a lift' }],
    },
    { id: 22, type: 'pagebreak', title: 'Lift' },
    {
      id: 13,
      type: 'text',
      label: 'Where would you like to be picked up?',
      required: true,
      conditions: { rules: [{ field: 12, operator: 'is', value: 'I would like a lift' }] },
    },
    {
      id: 14,
      type: 'number',
      label: 'Seats needed',
      min: 1,
      max: 4,
      defaultValue: '1',
      conditions: { rules: [{ field: 12, operator: 'is', value: 'I would like a lift' }] },
    },
    { id: 23, type: 'pagebreak', title: 'Almost done' },
    { id: 15, type: 'divider', label: 'Anything else', description: 'Optional, but helpful.' },
    {
      id: 16,
      type: 'textarea',
      label: 'What would you like to draw?',
      limit: { count: 50, mode: 'words' },
    },
    {
      id: 17,
      type: 'html',
      code: '<p><small>We meet at 9:00 at the old station. Bring a sketchbook; we bring the rest.</small></p>',
    },
    {
      id: 18,
      type: 'gdpr-checkbox',
      label: 'Consent',
      agreement: 'I agree that my details are kept until the end of the event.',
    },
  ],
};

/** The demo site's forms, under the ids its pages embed. */
export async function seedDemoForms(handle: DatabaseHandle, now = Date.now()): Promise<number> {
  await saveForm(handle, contactForm, demoContactFormId, now);
  await saveForm(handle, eventForm, demoEventFormId, now);
  return 2;
}
