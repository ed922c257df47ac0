import { randomBytes, scryptSync } from 'node:crypto';
import { sanitiseStoredHtml } from '../../../platform/markdown.ts';
import { htmlOf } from '../../../platform/sanitised-html.ts';
import type { RuleContext } from '../field-rules.ts';
import { asPart, asText, type FieldInput } from '../field-values.ts';
import type { FormField } from '../form-definition.ts';
import { addressLine, answerText } from '../more-field-values.ts';
import { hasStates } from '../rules/address.ts';
import { formatDate, parseDate } from '../rules/date.ts';

/**
 * A password as an entry keeps it: scrypt with a random salt, never the password itself
 * (decision 0039). The owner can check a password against it; nobody can read it back.
 */
export function hashPassword(password: string, salt = randomBytes(16)): string {
  const hash = scryptSync(password.normalize('NFKC'), salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/**
 * What an entry stores for a field that passed its rules: the display text for most, and for
 * the newer types the form that is most useful to the owner and safest to keep — a phone in
 * E.164, rich text sanitised with the posts' policy, a date in the field's format, an address
 * without a state its country does not have, a password only as a hash.
 */
export function storedValue(
  field: FormField,
  input: FieldInput | undefined,
  context: RuleContext,
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
      const password = field.confirmation ? asPart(input, 'primary') : asText(input);
      return password === '' ? '' : hashPassword(password);
    }
    default:
      return answerText(field, input);
  }
}
