import { fill } from '../../platform/fill-message.ts';
import { browserOnlyParts, choiceValue } from './field-kinds.ts';
import type { FieldOfType, FormDefinition, FormField } from './form-definition.ts';
import { formMessages } from './messages.ts';

/**
 * What a visitor entered in one field: a string for single inputs, a list for checkboxes
 * and multiple selects, named parts for a first/last name and an e-mail with confirmation.
 */
export type FieldInput = string | string[] | Record<string, string>;
export type FormValues = Record<number, FieldInput>;

/** The key of an input's error: the field id, or `{id}[{part}]` for one part of a field. */
export const errorKey = (id: number, part?: string) =>
  part === undefined ? String(id) : `${id}[${part}]`;

/** The input name of a field (`qforms[fields][7]`), or of one of its parts. */
export const fieldName = (id: number, part?: string) =>
  part === undefined ? `qforms[fields][${id}]` : `qforms[fields][${id}][${part}]`;

const namePattern = /^qforms\[fields\]\[(\d{1,4})\](?:\[([a-z0-9]{0,20})\])?$/;

export type ParsedSubmission = {
  values: FormValues;
  /** Field ids sent that the form does not have (ignored; the honeypot is reported apart). */
  unknownFieldIds: number[];
  /** A card number, expiry or code was sent, which the browser never does: dropped unread. */
  browserOnlySent: boolean;
};

/**
 * Reads the `qforms[fields][…]` entries of a posted form (multipart or urlencoded, as pairs)
 * into values by field id. Anything not shaped like a field name is left to the caller.
 */
export function readFieldEntries(
  entries: Iterable<readonly [string, string]>,
  definition: FormDefinition,
): ParsedSubmission {
  const known = new Map(definition.fields.map((f) => [f.id, f]));
  const values: FormValues = {};
  const unknown = new Set<number>();
  let browserOnlySent = false;
  for (const [name, value] of entries) {
    const match = namePattern.exec(name);
    if (!match) continue;
    const id = Number(match[1]);
    const part = match[2];
    const field = known.get(id);
    if (!field) {
      unknown.add(id);
      continue;
    }
    if (part && browserOnlyParts[field.type]?.includes(part)) {
      browserOnlySent = true;
      continue;
    }
    const current = values[id];
    if (part === '') {
      values[id] = Array.isArray(current) ? [...current, value] : [value];
    } else if (part !== undefined) {
      values[id] = {
        ...(typeof current === 'object' && !Array.isArray(current) ? current : {}),
        [part]: value,
      };
    } else {
      values[id] = value;
    }
  }
  return { values, unknownFieldIds: [...unknown], browserOnlySent };
}

export const asText = (input: FieldInput | undefined): string =>
  typeof input === 'string' ? input : '';
export const asList = (input: FieldInput | undefined): string[] =>
  Array.isArray(input) ? input : typeof input === 'string' && input !== '' ? [input] : [];
export const asPart = (input: FieldInput | undefined, part: string): string =>
  typeof input === 'object' && !Array.isArray(input) ? (input[part] ?? '') : '';

/** The choice value of a radio or dropdown payment field, with or without its quantity part. */
export const pickedChoice = (input: FieldInput | undefined): string =>
  typeof input === 'string' ? input : asPart(input, 'value');

/** The number a quantity input shows first: its default, else its minimum but at least 1. */
export function startingQuantity(
  field: FieldOfType<'payment-single' | 'payment-multiple' | 'payment-select'>,
): number {
  if (!field.quantity) return 1;
  const { min, max } = field.quantity;
  return field.quantity.default ?? Math.min(Math.max(min, 1), max);
}

/** The value a field starts with. */
export function initialValue(field: FormField): FieldInput {
  switch (field.type) {
    case 'checkbox':
      return field.choices.filter((c) => c.selected).map(choiceValue);
    case 'select':
      return field.multiple
        ? field.choices.filter((c) => c.selected).map(choiceValue)
        : choiceValue(field.choices.find((c) => c.selected) ?? { label: '', selected: false });
    case 'radio':
      return choiceValue(field.choices.find((c) => c.selected) ?? { label: '', selected: false });
    case 'number-slider':
      return String(field.defaultValue ?? field.min);
    case 'name':
      return field.format === 'first-last' ? { first: '', last: '' } : field.defaultValue;
    case 'email':
      return field.confirmation
        ? { primary: field.defaultValue, secondary: '' }
        : field.defaultValue;
    case 'gdpr-checkbox':
      return [];
    case 'payment-single':
      return field.quantity ? { quantity: String(startingQuantity(field)) } : '';
    case 'payment-multiple':
    case 'payment-select': {
      const picked = choiceValue(
        field.choices.find((c) => c.selected) ?? { label: '', selected: false },
      );
      return field.quantity ? { value: picked, quantity: String(startingQuantity(field)) } : picked;
    }
    case 'payment-checkbox':
      return field.choices.filter((c) => c.selected).map(choiceValue);
    case 'payment-credit-card':
      return {};
    case 'address':
      return { country: field.defaultCountry };
    case 'phone':
      return { country: field.defaultCountry, number: '' };
    case 'password':
      return field.confirmation ? { primary: '', secondary: '' } : '';
    case 'likert-scale':
      return {};
    case 'repeater':
      return { rows: String(Math.max(field.minRows, 1)) };
    case 'signature':
      return { typed: '' };
    case 'text':
    case 'textarea':
    case 'url':
    case 'number':
    case 'hidden':
      return field.defaultValue;
    default:
      return '';
  }
}

export function initialValues(definition: FormDefinition): FormValues {
  return Object.fromEntries(definition.fields.map((f) => [f.id, initialValue(f)]));
}

/** A value as one line of text, for conditions, entries and mail. */
export function displayValue(field: FormField, input: FieldInput | undefined): string {
  switch (field.type) {
    case 'name':
      return field.format === 'first-last'
        ? [asPart(input, 'first'), asPart(input, 'last')].filter(Boolean).join(' ')
        : asText(input);
    case 'email':
      return field.confirmation ? asPart(input, 'primary') : asText(input);
    case 'checkbox':
      return asList(input).join(', ');
    case 'gdpr-checkbox':
      return asList(input).includes('1') ? field.agreement : '';
    case 'select':
      return field.multiple ? asList(input).join(', ') : asText(input);
    case 'payment-single':
      return field.priceType === 'user' ? asText(input) : asPart(input, 'quantity');
    case 'payment-multiple':
    case 'payment-select':
      return pickedChoice(input);
    case 'payment-checkbox':
      return asList(input).join(', ');
    case 'payment-credit-card': {
      const last4 = asPart(input, 'last4');
      return last4 ? fill(formMessages.cardEnding, { brand: asPart(input, 'brand'), last4 }) : '';
    }
    default:
      return asText(input);
  }
}
