import { fill } from '../../../platform/fill-message.ts';
import { type CurrencyFormat, formatAmount } from '../../payments/currency.ts';
import { paymentMessages } from '../../payments/messages.ts';
import type { OrderPayments } from '../../payments/order-payments.ts';
import {
  maxOrderTotal,
  normaliseCouponCode,
  type OrderSummary,
} from '../../payments/order-pricing.ts';
import { currencyOf, type PaymentSettings } from '../../payments/payment-settings.ts';
import type { Checkout, ProviderId } from '../../payments/providers.ts';
import type { FieldErrors } from '../field-rules.ts';
import { asPart, asText, displayValue, type FieldInput, type FormValues } from '../field-values.ts';
import type { FormDefinition, FormField } from '../form-definition.ts';
import { formMessages } from '../messages.ts';
import { fieldRows, isPricedField, orderSummary } from '../order-summary.ts';

/** An order as the server computed it from the definition and what the visitor chose. */
export type PreparedOrder = {
  summary: OrderSummary;
  currency: CurrencyFormat;
  provider: ProviderId;
  /** The coupon whose use the entry's transaction takes. */
  couponId: number | undefined;
  /** What the browser sent of the card: the provider's token, the brand and last 4 digits. */
  card: { token: string; brand: string; last4: string } | undefined;
  /** Markdown for an offline order's mails and confirmation. */
  instructions: string;
};

export type PricedSubmission =
  | { order: PreparedOrder }
  /** The order cannot be taken as sent: the visitor is told why, in the form's header. */
  | { refused: { status: number; header: string } }
  /** Field errors (a coupon refused, the card missing) were added. */
  | { errors: true };

/**
 * Computes the order of a submission again on the server, never believing the browser's
 * amounts: prices come from the definition, the coupon from the database. A coupon that cannot
 * be used is a field error; a total other than the one the browser showed (`qforms[total]`,
 * when it sends one) is refused with the right total, so a visitor is never charged an amount
 * they did not see; an order the form cannot take by card as set is refused, never quietly
 * turned into a bank transfer.
 */
export async function priceOrder(
  payments: OrderPayments,
  submission: {
    formId: number;
    definition: FormDefinition;
    values: FormValues;
    visible: ReadonlySet<number>;
    shownTotal: string | undefined;
    now: number;
  },
  settings: PaymentSettings,
  checkout: Checkout,
  errors: FieldErrors,
): Promise<PricedSubmission> {
  const { definition, values, visible } = submission;
  const currency = currencyOf(settings);
  const couponField = definition.fields.find(
    (f) => f.type === 'payment-coupon' && visible.has(f.id),
  );
  const typedCode = couponField ? asText(values[couponField.id]).trim() : '';
  let coupon: Awaited<ReturnType<OrderPayments['checkCoupon']>> | undefined;
  if (couponField && typedCode !== '' && !errors[String(couponField.id)]) {
    coupon = await payments.checkCoupon(submission.formId, typedCode, submission.now);
    if (!coupon.ok) errors[String(couponField.id)] = coupon.message;
  }
  if (Object.keys(errors).length > 0) return { errors: true };
  const summary = orderSummary(
    definition,
    values,
    visible,
    currency,
    coupon?.ok ? coupon.terms : undefined,
  );
  if (summary.subtotal > maxOrderTotal) {
    return { refused: { status: 409, header: paymentMessages.orderTooLarge } };
  }
  const { shownTotal } = submission;
  if (shownTotal !== undefined && shownTotal !== '' && shownTotal !== String(summary.total)) {
    const total = formatAmount(summary.total, currency);
    return { refused: { status: 409, header: fill(paymentMessages.totalChanged, { total }) } };
  }
  const takesCard = checkout.provider === 'stripe' && summary.total > 0;
  if (takesCard && !checkout.ready) {
    return { refused: { status: 503, header: paymentMessages.cardNotOffered } };
  }
  const cardField = definition.fields.find(
    (f) => f.type === 'payment-credit-card' && visible.has(f.id),
  );
  const cardInput = cardField ? values[cardField.id] : undefined;
  if (takesCard && cardField && !/^pm_\w{1,200}$/.test(asPart(cardInput, 'token'))) {
    errors[`${cardField.id}[number]`] = formMessages.cardDetailsRequired;
    return { errors: true };
  }
  return {
    order: {
      summary,
      currency,
      provider: checkout.provider,
      couponId: coupon?.ok ? coupon.id : undefined,
      card: takesCard
        ? {
            token: asPart(cardInput, 'token'),
            brand: asPart(cardInput, 'brand'),
            last4: asPart(cardInput, 'last4'),
          }
        : undefined,
      instructions: definition.settings.payment.instructions || settings.offlineInstructions,
    },
  };
}

/**
 * How an order's field reads in the entry and its mails: what was bought, with quantities and
 * amounts (`Knife sharpening × 2  $90.00`), rather than the choices' stored values.
 */
export function orderFieldValue(
  field: FormField,
  input: FieldInput | undefined,
  currency: CurrencyFormat,
): string {
  if (field.type === 'payment-coupon') return normaliseCouponCode(asText(input));
  if (!isPricedField(field)) return displayValue(field, input);
  return fieldRows(field, input, currency)
    .map(
      (row) =>
        `${row.choice || row.label} × ${row.quantity}  ${formatAmount(row.amount, currency)}`,
    )
    .join('\n');
}
