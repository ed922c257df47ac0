import { type CurrencyFormat, formatAmount } from '../../currency.ts';
import type { FieldErrors } from '../../field-rules.ts';
import {
  asPart,
  asText,
  displayValue,
  type FieldInput,
  type FormValues,
} from '../../field-values.ts';
import type { FormDefinition, FormField } from '../../form-definition.ts';
import { fill, formMessages } from '../../messages.ts';
import {
  fieldRows,
  isPricedField,
  maxOrderTotal,
  normaliseCouponCode,
  type OrderSummary,
  orderSummary,
} from '../../order-summary.ts';
import { currencyOf, type PaymentSettings } from '../../payment-settings.ts';
import { checkCoupon } from '../coupons.ts';
import type { FormsDependencies } from '../forms-dependencies.ts';
import { serverMessages } from '../server-messages.ts';
import { type ProviderId, providerOf } from './checkout.ts';

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

/**
 * Computes the order of a submission again on the server, never believing the browser's
 * amounts: prices come from the definition, the coupon from the database. A coupon that is
 * unknown, out of its dates, used up or for another form is a field error; a total other than
 * the one the browser showed (`qforms[total]`, when it sends one) is refused with the right
 * total, so a visitor is never charged an amount they did not see.
 */
export async function prepareOrder(
  deps: Pick<FormsDependencies, 'db'>,
  formId: number,
  definition: FormDefinition,
  values: FormValues,
  visible: ReadonlySet<number>,
  settings: PaymentSettings,
  shownTotal: string | undefined,
  errors: FieldErrors,
  now: number,
): Promise<{ order: PreparedOrder } | { header: string } | { errors: true }> {
  const currency = currencyOf(settings);
  const couponField = definition.fields.find(
    (f) => f.type === 'payment-coupon' && visible.has(f.id),
  );
  const typedCode = couponField ? asText(values[couponField.id]).trim() : '';
  let coupon: Awaited<ReturnType<typeof checkCoupon>> | undefined;
  if (couponField && typedCode !== '' && !errors[String(couponField.id)]) {
    coupon = await checkCoupon(deps.db, formId, typedCode, now);
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
  if (summary.subtotal > maxOrderTotal) return { header: serverMessages.orderTooLarge };
  if (shownTotal !== undefined && shownTotal !== '' && shownTotal !== String(summary.total)) {
    return {
      header: fill(serverMessages.totalChanged, { total: formatAmount(summary.total, currency) }),
    };
  }
  const cardField = definition.fields.find(
    (f) => f.type === 'payment-credit-card' && visible.has(f.id),
  );
  const cardInput = cardField ? values[cardField.id] : undefined;
  const card =
    cardField && asPart(cardInput, 'last4') !== ''
      ? {
          token: asPart(cardInput, 'token'),
          brand: asPart(cardInput, 'brand'),
          last4: asPart(cardInput, 'last4'),
        }
      : undefined;
  const provider = providerOf(definition, settings);
  if (provider === 'stripe' && summary.total > 0 && cardField) {
    const token = asPart(cardInput, 'token');
    if (!/^pm_\w{1,200}$/.test(token)) {
      errors[`${cardField.id}[number]`] = formMessages.cardDetailsRequired;
      return { errors: true };
    }
  }
  return {
    order: {
      summary,
      currency,
      provider,
      couponId: coupon?.ok ? coupon.id : undefined,
      card,
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
