import type { Choice, FormField } from './form-definition.ts';

/*
 * Facts about field types that the browser needs at run time. They live apart from the zod
 * schema in form-definition.ts so that the form island does not carry zod.
 */

/**
 * Field types that hold no visitor input (the total is computed, and kept with the order; the
 * captcha's answer is checked, never stored).
 */
export const layoutFieldTypes = [
  'content',
  'divider',
  'html',
  'pagebreak',
  'payment-total',
  'entry-preview',
  'captcha',
] as const;

export const weekdayCodes = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type WeekdayCode = (typeof weekdayCodes)[number];
export const dateFormats = ['mm/dd/yyyy', 'dd/mm/yyyy', 'yyyy-mm-dd', 'dd.mm.yyyy'] as const;
export const ratingIcons = ['star', 'heart', 'thumb', 'smiley'] as const;

/** Countries without states or provinces in an address (seed §4): the state input is off. */
export const countriesWithoutStates: readonly string[] = ['GB', 'DE', 'CH', 'NL'];

/** Field types whose value is one or more uploaded files. */
export const fileFieldTypes: readonly string[] = ['file-upload', 'camera', 'signature'];

/**
 * Inputs that must never reach the server: the card's number, expiry and security code stay
 * in the browser (their inputs have no name) and go to the payment provider's script only.
 * Should a crafted request send them anyway, the server drops them unread.
 */
export const browserOnlyParts: Readonly<Record<string, readonly string[]>> = {
  'payment-credit-card': ['number', 'expiry', 'cvc'],
};

/** Types that cannot be locked read-only (seed §4), the ones still to come included. */
export const unlockableFieldTypes: readonly string[] = [
  'captcha',
  'content',
  'divider',
  'hidden',
  'html',
  'entry-preview',
  'pagebreak',
  'payment-total',
];

export function isInputField(field: FormField): boolean {
  return !(layoutFieldTypes as readonly string[]).includes(field.type);
}

/** The value of a choice as stored and compared. */
export const choiceValue = (choice: Choice) => choice.value ?? choice.label;
