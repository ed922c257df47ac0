import { fill } from '../../../platform/fill-message.ts';
import { type CurrencyFormat, formatAmount, parseAmount } from '../../payments/currency.ts';
import { isCouponCodeShape, normaliseCouponCode } from '../../payments/order-pricing.ts';
import { choiceValue } from '../field-kinds.ts';
import { asList, asPart, asText, type FieldInput, pickedChoice } from '../field-values.ts';
import { formMessages } from '../messages.ts';
import { fieldAmount, type PricedField } from '../order-summary.ts';
import { choiceLimitError } from './choices.ts';

/** Reports an error for the field (no part) or for one of its inputs. */
type Report = (message: string | undefined, part?: string) => void;

function quantityError(field: PricedField, input: FieldInput | undefined): string | undefined {
  if (!('quantity' in field) || !field.quantity) return undefined;
  const text = asPart(input, 'quantity').trim();
  const { min, max } = field.quantity;
  const fits = /^\d{1,5}$/.test(text) && Number(text) >= min && Number(text) <= max;
  return fits ? undefined : fill(formMessages.quantity, { min, max });
}

/**
 * Seed §5 Forms: payment, for the priced fields. A required payment with nothing chosen or an
 * amount of 0 gets "Payment is required." rather than the generic required message; a choice
 * outside the definition and a quantity outside its bounds are refused, never corrected.
 */
export function checkPricedField(
  field: PricedField,
  input: FieldInput | undefined,
  currency: CurrencyFormat,
  report: Report,
) {
  switch (field.type) {
    case 'payment-single': {
      if (field.priceType === 'user') {
        const text = asText(input).trim();
        if (text.length > 40) return report(formMessages.tooLong);
        if (text === '') return field.required ? report(formMessages.paymentRequired) : undefined;
        const amount = parseAmount(text, currency);
        if (amount === undefined || amount > 10_000_000_000) {
          return report(fill(formMessages.amount, { example: formatAmount(2500, currency) }));
        }
        if (amount > 0 && amount < field.minimumPrice) return report(formMessages.minimumPrice);
        break;
      }
      const quantity = quantityError(field, input);
      if (quantity) return report(quantity, 'quantity');
      break;
    }
    case 'payment-multiple':
    case 'payment-select': {
      if (Array.isArray(input)) return report(formMessages.invalidChoice);
      const picked = pickedChoice(input);
      if (picked !== '' && !field.choices.some((choice) => choiceValue(choice) === picked)) {
        return report(formMessages.invalidChoice);
      }
      if (picked === '') return field.required ? report(formMessages.paymentRequired) : undefined;
      const quantity = quantityError(field, input);
      if (quantity) return report(quantity, 'quantity');
      break;
    }
    case 'payment-checkbox': {
      const picked = asList(input);
      const allowed = new Set(field.choices.map(choiceValue));
      if (picked.some((v) => !allowed.has(v)) || new Set(picked).size !== picked.length) {
        return report(formMessages.invalidChoice);
      }
      const limit = choiceLimitError(picked.length, field.choiceLimit);
      if (limit) return report(limit);
      break;
    }
  }
  if (field.required && fieldAmount(field, input, currency) === 0) {
    report(formMessages.paymentRequired);
  }
}

/** A coupon code is a short run of letters, digits, hyphens and underscores; the server knows the rest. */
export function couponCodeError(input: FieldInput | undefined): string | undefined {
  const code = normaliseCouponCode(asText(input));
  return code === '' || isCouponCodeShape(code) ? undefined : formMessages.couponInvalid;
}
