import { type CurrencyFormat, parseAmount } from '../payments/currency.ts';
import {
  type CouponTerms,
  type OrderRow,
  type OrderSummary,
  summariseOrder,
} from '../payments/order-pricing.ts';
import { choiceValue } from './field-kinds.ts';
import {
  asList,
  asPart,
  asText,
  type FieldInput,
  type FormValues,
  pickedChoice,
} from './field-values.ts';
import type { FieldOfType, FormDefinition, FormField, PaymentChoice } from './form-definition.ts';

/**
 * The order a payment form describes (seed §2.9, §3 Order summary): a row per chosen field
 * and choice with its quantity and price; the payments feature adds the coupon's discount and
 * the total (order-pricing.ts). The browser computes it to show it; the server computes it
 * again from the definition and the submitted choices, and only its own result is stored and
 * charged.
 */

export type PricedField = FieldOfType<
  'payment-single' | 'payment-multiple' | 'payment-checkbox' | 'payment-select'
>;

const pricedTypes: readonly string[] = [
  'payment-single',
  'payment-multiple',
  'payment-checkbox',
  'payment-select',
];

export const isPricedField = (field: FormField): field is PricedField =>
  pricedTypes.includes(field.type);

/** Whether the form sells anything: it then has an order, a total and a checkout. */
export const hasPayments = (definition: FormDefinition) => definition.fields.some(isPricedField);

/**
 * The quantity a visitor asked for: 1 for a field without a quantity input, undefined when
 * what was sent is not a whole number within the field's bounds (refused, never clamped).
 */
export function readQuantity(field: PricedField, input: FieldInput | undefined) {
  if (!('quantity' in field) || !field.quantity) return 1;
  const text = asPart(input, 'quantity').trim();
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const quantity = Number(text);
  return quantity >= field.quantity.min && quantity <= field.quantity.max ? quantity : undefined;
}

const findChoice = (choices: readonly PaymentChoice[], value: string) =>
  choices.find((choice) => choiceValue(choice) === value);

/** The rows one field adds to the order; nothing for what is not (or not validly) chosen. */
export function fieldRows(
  field: PricedField,
  input: FieldInput | undefined,
  currency: CurrencyFormat,
): OrderRow[] {
  const row = (choice: string, quantity: number, unitPrice: number): OrderRow => ({
    fieldId: field.id,
    label: field.label,
    choice,
    quantity,
    unitPrice,
    amount: unitPrice * quantity,
  });
  switch (field.type) {
    case 'payment-single': {
      if (field.priceType === 'user') {
        const amount = parseAmount(asText(input), currency);
        return amount ? [row('', 1, amount)] : [];
      }
      const quantity = readQuantity(field, input);
      return quantity ? [row('', quantity, field.price)] : [];
    }
    case 'payment-multiple':
    case 'payment-select': {
      const choice = findChoice(field.choices, pickedChoice(input));
      const quantity = readQuantity(field, input);
      return choice && quantity ? [row(choice.label, quantity, choice.price)] : [];
    }
    case 'payment-checkbox': {
      const picked = new Set(asList(input));
      return field.choices
        .filter((choice) => picked.has(choiceValue(choice)))
        .map((choice) => row(choice.label, 1, choice.price));
    }
  }
}

/** What a field adds to the order, in smallest units. */
export const fieldAmount = (
  field: PricedField,
  input: FieldInput | undefined,
  currency: CurrencyFormat,
) => fieldRows(field, input, currency).reduce((sum, row) => sum + row.amount, 0);

/** The order of the shown priced fields, in the order of the form, with the coupon applied. */
export function orderSummary(
  definition: FormDefinition,
  values: FormValues,
  visible: ReadonlySet<number>,
  currency: CurrencyFormat,
  coupon?: CouponTerms,
): OrderSummary {
  const rows = definition.fields
    .filter((field) => isPricedField(field) && visible.has(field.id))
    .flatMap((field) => fieldRows(field as PricedField, values[field.id], currency));
  return summariseOrder(rows, coupon);
}
