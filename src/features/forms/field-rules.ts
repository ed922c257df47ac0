import { type CurrencyFormat, defaultCurrency } from '../payments/currency.ts';
import { choiceValue } from './field-kinds.ts';
import {
  asList,
  asPart,
  asText,
  errorKey,
  type FieldInput,
  type FormValues,
} from './field-values.ts';
import type { FieldOfType, FormDefinition, FormField } from './form-definition.ts';
import { formMessages } from './messages.ts';
import { choiceLimitError, confirmationError } from './rules/choices.ts';
import { emailError } from './rules/email.ts';
import type { FileFacts } from './rules/files.ts';
import { numberError } from './rules/number.ts';
import type { PasswordScorer } from './rules/password.ts';
import { checkPricedField, couponCodeError } from './rules/payment.ts';
import type { PhoneParser } from './rules/phone.ts';
import { requiredError } from './rules/required.ts';
import { limitError } from './rules/text-limits.ts';
import { urlError } from './rules/url.ts';

/** Errors by input key: the field id, or `{id}[{part}]` for one part of a field. */
export type FieldErrors = Record<string, string>;

export { errorKey };

/** Longest value a field of each kind takes; longer is an attack or a mistake. */
export const maxLength = (field: FormField) =>
  field.type === 'textarea' || field.type === 'rich-text' ? 65536 : 5000;

/**
 * What the rules need beyond a field and its input. The server passes all of it; the browser
 * passes what has loaded (a phone or password field's library, the country list), and the
 * rules that need the rest wait for the server.
 */
export type RuleContext = {
  currency?: CurrencyFormat;
  /**
   * The card field's rules (rules/credit-card.ts), where the form takes a card: the server
   * gives them when the form's provider can charge one, a browser once the card field's code
   * has loaded. Without them the card field is not checked: it then has no inputs.
   */
  cardRules?: (
    field: FieldOfType<'payment-credit-card'>,
    input: FieldInput | undefined,
    report: (message: string | undefined, part?: string) => void,
  ) => void;
  /** The site's date, `yyyy-mm-dd` in its time zone: "today" for date fields. */
  today?: string;
  phone?: PhoneParser;
  passwordScore?: PasswordScorer;
  /** The visitor's other answers, which a password should not be made of. */
  userInputs?: string[];
  /** The country codes an address or phone may have. */
  countries?: ReadonlySet<string>;
  /** The files chosen or received, by field id (a signature's drawing too). */
  files?: Readonly<Record<number, readonly FileFacts[]>>;
  /** The rules of the field types beyond the core ones (more-field-rules.ts). */
  moreRules?: MoreRules;
};

export type MoreRules = (
  field: FormField,
  input: FieldInput | undefined,
  errors: FieldErrors,
  context: RuleContext,
  set: (message: string | undefined, part?: string) => void,
) => void;

/**
 * Checks one field's input with the rules of seed §5 and adds its errors. The browser calls
 * this on blur, key-up and Next; the server calls it for every visible field of a
 * submission. Choices outside the definition and over-long values only come from a crafted
 * request, and are caught here too.
 */
export function checkField(
  field: FormField,
  input: FieldInput | undefined,
  errors: FieldErrors,
  context: RuleContext = {},
) {
  const set = (message: string | undefined, part?: string) => {
    if (message && !errors[errorKey(field.id, part)]) errors[errorKey(field.id, part)] = message;
  };
  const tooLong = (value: string) => value.length > maxLength(field);
  switch (field.type) {
    case 'text':
    case 'textarea': {
      const value = asText(input);
      if (tooLong(value)) return set(formMessages.tooLong);
      if (field.required) set(requiredError(value));
      if (field.limit) set(limitError(value, field.limit));
      return;
    }
    case 'name': {
      if (field.format === 'first-last') {
        const first = asPart(input, 'first');
        const last = asPart(input, 'last');
        if (tooLong(first) || tooLong(last)) return set(formMessages.tooLong);
        if (field.required) {
          set(requiredError(first), 'first');
          set(requiredError(last), 'last');
        }
        return;
      }
      const value = asText(input);
      if (tooLong(value)) return set(formMessages.tooLong);
      if (field.required) set(requiredError(value));
      return;
    }
    case 'email': {
      const primary = field.confirmation ? asPart(input, 'primary') : asText(input);
      if (tooLong(primary)) return set(formMessages.tooLong);
      if (field.required) set(requiredError(primary));
      set(emailError(primary.trim()));
      if (field.confirmation) {
        const secondary = asPart(input, 'secondary');
        if (tooLong(secondary)) return set(formMessages.tooLong, 'secondary');
        if (field.required) set(requiredError(secondary), 'secondary');
        if (primary.trim() !== '' && secondary.trim() !== '') {
          set(confirmationError(primary.trim(), secondary.trim()), 'secondary');
        }
      }
      return;
    }
    case 'url': {
      const value = asText(input);
      if (tooLong(value)) return set(formMessages.tooLong);
      if (field.required) set(requiredError(value));
      set(urlError(value.trim()));
      return;
    }
    case 'number': {
      const value = asText(input).trim();
      if (tooLong(value)) return set(formMessages.tooLong);
      if (field.required) set(requiredError(value));
      set(numberError(value, field));
      return;
    }
    case 'number-slider': {
      const value = asText(input).trim();
      if (tooLong(value)) return set(formMessages.tooLong);
      if (field.required) set(requiredError(value));
      set(numberError(value, field));
      return;
    }
    case 'hidden':
      if (tooLong(asText(input))) set(formMessages.tooLong);
      return;
    case 'radio':
    case 'select':
    case 'checkbox': {
      const allowed = new Set(field.choices.map(choiceValue));
      const multiple = field.type === 'checkbox' || (field.type === 'select' && field.multiple);
      const picked = multiple ? asList(input) : [asText(input)].filter((v) => v !== '');
      if (!multiple && Array.isArray(input)) return set(formMessages.invalidChoice);
      if (picked.some((v) => !allowed.has(v)) || new Set(picked).size !== picked.length) {
        return set(formMessages.invalidChoice);
      }
      if (field.required) set(requiredError(picked));
      if (field.type === 'checkbox') set(choiceLimitError(picked.length, field.choiceLimit));
      return;
    }
    case 'gdpr-checkbox': {
      const picked = asList(input);
      if (picked.some((v) => v !== '1') || picked.length > 1)
        return set(formMessages.invalidChoice);
      set(requiredError(picked));
      return;
    }
    case 'payment-single':
    case 'payment-multiple':
    case 'payment-checkbox':
    case 'payment-select':
      return checkPricedField(field, input, context.currency ?? defaultCurrency, set);
    case 'payment-coupon':
      if (tooLong(asText(input))) return set(formMessages.tooLong);
      return set(couponCodeError(input));
    case 'payment-credit-card':
      return context.cardRules?.(field, input, set);
    case 'content':
    case 'divider':
    case 'html':
    case 'pagebreak':
    case 'payment-total':
    case 'entry-preview':
    case 'captcha':
      return;
    default:
      // The newer types' rules come with their code (more-field-rules.ts): the server always
      // has them, a browser once the form's field code has loaded.
      context.moreRules?.(field, input, errors, context, set);
  }
}

/** Checks every shown field; hidden fields (by conditions) are not checked. */
export function checkFields(
  definition: FormDefinition,
  values: FormValues,
  visible: ReadonlySet<number>,
  context: RuleContext = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of definition.fields) {
    if (visible.has(field.id)) checkField(field, values[field.id], errors, context);
  }
  return errors;
}

/** The field id an error key belongs to. */
export const fieldIdOfErrorKey = (key: string) => Number.parseInt(key, 10);
