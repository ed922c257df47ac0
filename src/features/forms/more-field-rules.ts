import { checkField, type FieldErrors, maxLength, type RuleContext } from './field-rules.ts';
import { asPart, asText, type FieldInput } from './field-values.ts';
import type { FormField } from './form-definition.ts';
import { formMessages } from './messages.ts';
import { moreMessages } from './more-messages.ts';
import { type AddressPart, addressParts, checkAddress } from './rules/address.ts';
import { confirmationError } from './rules/choices.ts';
import { dateError } from './rules/date.ts';
import { fileErrors, imageExtensions } from './rules/files.ts';
import { maskError } from './rules/mask.ts';
import { strengthError } from './rules/password.ts';
import { phoneError } from './rules/phone.ts';
import { checkRepeater } from './rules/repeater.ts';
import { requiredError } from './rules/required.ts';
import { textOfHtml } from './rules/rich-text.ts';
import { checkLikert, scaleError } from './rules/scales.ts';
import { limitError } from './rules/text-limits.ts';
import { timeError } from './rules/time.ts';

/**
 * The rules of the field types beyond the core ones (seed §5: dates, times, masks, addresses,
 * phones, passwords, rich text, scales, repeaters, files). They travel with those types' code,
 * so a contact form's island carries none of them; `checkField` calls them through
 * `RuleContext.moreRules`, which the server always sets.
 */
export function checkMoreField(
  field: FormField,
  input: FieldInput | undefined,
  errors: FieldErrors,
  context: RuleContext,
  set: (message: string | undefined, part?: string) => void,
) {
  const tooLong = (value: string) => value.length > maxLength(field);
  switch (field.type) {
    case 'date': {
      const value = asText(input);
      if (tooLong(value)) return set(formMessages.tooLong);
      if (field.required) set(requiredError(value));
      set(dateError(field, value, context.today ?? '0000-00-00'));
      return;
    }
    case 'time': {
      const value = asText(input);
      if (tooLong(value)) return set(formMessages.tooLong);
      if (field.required) set(requiredError(value));
      set(timeError(field, value));
      return;
    }
    case 'masked': {
      const value = asText(input);
      if (tooLong(value)) return set(formMessages.tooLong);
      if (field.required) set(requiredError(value));
      set(maskError(field.mask, value));
      return;
    }
    case 'address': {
      const part = (name: AddressPart) => asPart(input, name);
      if (addressParts.some((name) => tooLong(part(name)))) return set(formMessages.tooLong);
      return checkAddress(field, part, set, context.countries);
    }
    case 'phone': {
      const number = asPart(input, 'number');
      const country = asPart(input, 'country') || field.defaultCountry;
      if (tooLong(number)) return set(formMessages.tooLong);
      if (context.countries && !context.countries.has(country)) {
        return set(formMessages.invalidChoice);
      }
      if (field.required) set(requiredError(number));
      set(phoneError(number, country, context.phone));
      return;
    }
    case 'password': {
      const primary = field.confirmation ? asPart(input, 'primary') : asText(input);
      if (tooLong(primary)) return set(formMessages.tooLong);
      if (field.required) set(requiredError(primary));
      set(
        strengthError(
          primary,
          field.strengthLevel,
          context.passwordScore,
          context.userInputs ?? [],
        ),
      );
      if (field.confirmation) {
        const secondary = asPart(input, 'secondary');
        if (tooLong(secondary)) return set(formMessages.tooLong, 'secondary');
        if (field.required) set(requiredError(secondary), 'secondary');
        if (primary !== '' && secondary !== '') {
          set(confirmationError(primary, secondary), 'secondary');
        }
      }
      return;
    }
    case 'rich-text': {
      const html = asText(input);
      if (tooLong(html)) return set(formMessages.tooLong);
      const shown = textOfHtml(html);
      if (field.required) set(requiredError(shown));
      if (field.limit) set(limitError(shown, field.limit));
      return;
    }
    case 'rating':
    case 'net-promoter-score': {
      if (typeof input === 'object') return set(formMessages.invalidChoice);
      const value = asText(input);
      if (field.required) set(requiredError(value));
      set(field.type === 'rating' ? scaleError(value, 1, field.scale) : scaleError(value, 0, 10));
      return;
    }
    case 'likert-scale':
      return checkLikert(field, (name) => asPart(input, name), set);
    case 'repeater':
      return checkRepeater(field, input, errors, context, checkField);
    case 'file-upload':
    case 'camera': {
      const files = context.files?.[field.id] ?? [];
      if (field.required) set(files.length === 0 ? formMessages.required : undefined);
      set(
        fileErrors(files, {
          extensions: field.type === 'file-upload' ? field.extensions : imageExtensions,
          maxSizeMb: field.maxSizeMb,
          maxFiles: field.type === 'file-upload' ? field.maxFiles : 1,
        }),
      );
      return;
    }
    case 'signature': {
      const drawn = context.files?.[field.id] ?? [];
      const typed = asPart(input, 'typed');
      if (tooLong(typed)) return set(formMessages.tooLong);
      if (field.required && drawn.length === 0 && typed.trim() === '') {
        set(moreMessages.signatureRequired);
      }
      set(fileErrors(drawn, { extensions: ['png'], maxSizeMb: 2, maxFiles: 1 }));
      return;
    }
    default:
      return;
  }
}
