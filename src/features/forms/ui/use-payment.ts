import { useMemo, useRef, useState } from 'react';
import { type CurrencyFormat, defaultCurrency } from '../../payments/currency.ts';
import {
  type CouponTerms,
  isCouponCodeShape,
  normaliseCouponCode,
  type OrderSummary,
} from '../../payments/order-pricing.ts';
import type { PublicPayment } from '../../payments/providers.ts';
import { asText, type FieldInput } from '../field-values.ts';
import type { FormField } from '../form-definition.ts';
import { formMessages } from '../messages.ts';
import { orderSummary } from '../order-summary.ts';
import type { PublicForm } from '../public-form.ts';
import { checkCouponCode } from './form-client.ts';
import type { useFieldChecks } from './use-field-checks.ts';

/** What the payment fields show: the order, its currency and the coupon applied to it. */
export type PaymentView = {
  currency: CurrencyFormat;
  summary: OrderSummary;
  /** The coupon taking money off the order, while its code is still the one typed. */
  coupon: CouponTerms | undefined;
  /** Checks the typed code with the server (the Apply button, leaving the field). */
  applyCoupon: (field: FormField) => void;
  /** Whether the card field takes a card (payments/providers.ts, PublicPayment). */
  card: PublicPayment['card'];
  /** The provider's card script could not be loaded: the card field says so. */
  cardUnavailable: boolean;
};

/** A check the server makes of a field's value: its error, or undefined when it passes. */
export type RemoteCheck = (
  field: FormField,
  input: FieldInput | undefined,
) => Promise<string | undefined> | undefined;

/**
 * The coupon a visitor applied, and the server's check of a typed code. The check runs like
 * the restricted e-mail check: once the field's own rules pass, on leaving it, on Apply, and
 * on Next and Submit (which wait for it). Its answer is the field's error, if any; a code the
 * server accepts is applied to the order.
 */
export function useCoupon(form: PublicForm) {
  const [applied, setApplied] = useState<CouponTerms | undefined>(undefined);
  // Pressing Apply also leaves the field: one answer serves both, so the checks a visitor
  // may make (10 in 10 minutes) are not spent twice on one code.
  const last = useRef<{ code: string; answer: Promise<string | undefined> } | undefined>(undefined);
  const check: RemoteCheck = (field, input) => {
    if (field.type !== 'payment-coupon') return undefined;
    const code = normaliseCouponCode(asText(input));
    if (code === '' || !isCouponCodeShape(code)) {
      setApplied(undefined);
      last.current = undefined;
      return undefined;
    }
    if (last.current?.code === code) return last.current.answer;
    const answer = checkCouponCode(form.id, code).then(
      (reply) => {
        setApplied(reply.ok ? reply.terms : undefined);
        return reply.ok ? undefined : reply.message;
      },
      (error: unknown) => {
        console.error(error);
        setApplied(undefined);
        // A check that could not be made is made again next time.
        if (last.current?.answer === answer) last.current = undefined;
        return formMessages.couponCheckFailed;
      },
    );
    last.current = { code, answer };
    return answer;
  };
  return { applied, check };
}

/**
 * The order of a payment form as the visitor changes it. A coupon counts while its code is
 * still what the field holds; the server computes the whole order again when the form is sent.
 */
export function usePayment(
  form: PublicForm,
  { values, visible }: Pick<ReturnType<typeof useFieldChecks>, 'values' | 'visible'>,
  applied: CouponTerms | undefined,
  checkNow: (field: FormField) => void,
): PaymentView | undefined {
  const { definition } = form;
  const currency = form.payment?.currency ?? defaultCurrency;
  const couponField = definition.fields.find((f) => f.type === 'payment-coupon');
  const typedCode = couponField ? normaliseCouponCode(asText(values[couponField.id])) : '';
  const coupon =
    applied && applied.code === typedCode && couponField && visible.has(couponField.id)
      ? applied
      : undefined;
  const summary = useMemo(
    () => orderSummary(definition, values, visible, currency, coupon),
    [definition, values, visible, currency, coupon],
  );
  if (!form.payment) return undefined;
  return {
    currency,
    summary,
    coupon,
    applyCoupon: checkNow,
    card: form.payment.card,
    cardUnavailable: false,
  };
}
