import { fill } from '../../platform/fill-message.ts';
import { asList, asPart, asText, displayValue, type FieldInput } from './field-values.ts';
import type { FormField } from './form-definition.ts';
import { moreMessages } from './more-messages.ts';
import { repeaterRows } from './rules/repeater.ts';
import { textOfHtml } from './rules/rich-text.ts';
import { likertPart } from './rules/scales.ts';

/**
 * A value as one line of text for every field type, the newer ones included: what the entry
 * preview shows and what the server keeps of an answer with parts (an address in one line, a
 * repeater's rows). The core types' text is `displayValue`'s, which the island carries.
 */
export function answerText(field: FormField, input: FieldInput | undefined): string {
  switch (field.type) {
    case 'address':
      return addressLine(input);
    case 'phone':
      return asPart(input, 'number').trim();
    case 'password':
      // What the visitor sees in the preview; the entry keeps only a hash (stored-values.ts).
      return (field.confirmation ? asPart(input, 'primary') : asText(input)) === ''
        ? ''
        : '••••••••';
    case 'rich-text':
      return textOfHtml(asText(input));
    case 'rating':
      return asText(input) === ''
        ? ''
        : fill(moreMessages.ratingValue, { value: asText(input), scale: field.scale });
    case 'likert-scale':
      return field.rows
        .map((row, index) => {
          const answer = field.multiple
            ? field.columns.filter((_, column) => asPart(input, likertPart(index, column)) === '1')
            : [asPart(input, likertPart(index))].filter(Boolean);
          return answer.length > 0 ? `${row}: ${answer.join(', ')}` : '';
        })
        .filter(Boolean)
        .join('; ');
    case 'repeater':
      return repeaterRows(field, input)
        .filter((row) => row.some((v) => v.trim() !== ''))
        .map((row) => row.map((v) => v.trim() || '—').join(', '))
        .join(' | ');
    case 'signature': {
      const typed = asPart(input, 'typed').trim();
      return typed ? fill(moreMessages.signedAs, { name: typed }) : asPart(input, 'file');
    }
    case 'file-upload':
    case 'camera':
      return asList(input).join(', ');
    default:
      return displayValue(field, input);
  }
}

/** An address in one line: street, city, state and postcode, country (what CSVs show). */
export function addressLine(input: FieldInput | undefined): string {
  const part = (name: string) => asPart(input, name).trim();
  const cityLine = [part('city'), [part('state'), part('postal')].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [part('address1'), part('address2'), cityLine, part('country')].filter(Boolean).join(', ');
}
