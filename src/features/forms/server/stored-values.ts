import { sanitiseStoredHtml } from '../../../platform/markdown.ts';
import { htmlOf } from '../../../platform/sanitised-html.ts';
import type { RuleContext } from '../field-rules.ts';
import { asPart, asText, type FieldInput } from '../field-values.ts';
import type { FieldOfType, FormField } from '../form-definition.ts';
import { addressLine, answerText } from '../more-field-values.ts';
import { hasStates } from '../rules/address.ts';
import { formatDate, parseDate } from '../rules/date.ts';

/** The password a password field received (its first input when it asks twice). */
export const passwordOf = (field: FieldOfType<'password'>, input: FieldInput | undefined) =>
  field.confirmation ? asPart(input, 'primary') : asText(input);

/**
 * What an entry stores for a field that passed its rules: the display text for most, and for
 * the newer types the form that is most useful to the owner and safest to keep — a phone in
 * E.164, rich text sanitised with the posts' policy, a date in the field's format, an address
 * without a state its country does not have, a password only as its hash (worked out before,
 * off the event loop: password-hash.ts, given here by field id).
 */
export function storedValue(
  field: FormField,
  input: FieldInput | undefined,
  context: RuleContext,
  passwordHashes: ReadonlyMap<number, string> = new Map(),
): string {
  switch (field.type) {
    case 'phone': {
      const number = asPart(input, 'number').trim();
      if (number === '') return '';
      const country = asPart(input, 'country') || field.defaultCountry;
      return context.phone?.(number, country).e164 ?? number;
    }
    case 'rich-text':
      // Browsers' editing commands write <b> and <i>; the posts' policy keeps <strong> and <em>.
      return htmlOf(
        sanitiseStoredHtml(
          asText(input)
            .replace(/<(\/?)b(\s[^>]*)?>/gi, '<$1strong>')
            .replace(/<(\/?)i(\s[^>]*)?>/gi, '<$1em>'),
        ),
      );
    case 'date': {
      const date = parseDate(asText(input), field.dateFormat);
      return date ? formatDate(date, field.dateFormat) : asText(input).trim();
    }
    case 'address': {
      const country = asPart(input, 'country');
      const parts = typeof input === 'object' && !Array.isArray(input) ? input : {};
      return addressLine(hasStates(country) ? parts : { ...parts, state: '' });
    }
    case 'password': {
      if (passwordOf(field, input) === '') return '';
      const hash = passwordHashes.get(field.id);
      if (hash === undefined) throw new Error(`The password of field ${field.id} was not hashed`);
      return hash;
    }
    default:
      return answerText(field, input);
  }
}
