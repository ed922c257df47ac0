import type { Choice, FormField } from './form-definition.ts';

/*
 * Facts about field types that the browser needs at run time. They live apart from the zod
 * schema in form-definition.ts so that the form island does not carry zod.
 */

/** Field types that hold no visitor input. */
export const layoutFieldTypes = ['content', 'divider', 'html', 'pagebreak'] as const;

/**
 * Types that cannot be locked read-only (seed §4). The later types captcha, entry-preview
 * and payment-total join this list when they exist.
 */
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
