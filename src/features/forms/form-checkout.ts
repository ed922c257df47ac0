import type { PaymentSettings } from '../payments/payment-settings.ts';
import {
  type Checkout,
  checkoutOf,
  checkoutProblem,
  type SitePayments,
  sitePaymentsOf,
} from '../payments/providers.ts';
import type { FormDefinition } from './form-definition.ts';
import { hasPayments } from './order-summary.ts';

/** Whether a form has a card field. */
export const hasCardField = (definition: FormDefinition) =>
  definition.fields.some((f) => f.type === 'payment-credit-card');

/** A form takes payment when it sells something or asks for a card. */
export const takesPayment = (definition: FormDefinition) =>
  hasPayments(definition) || hasCardField(definition);

/** How a form's orders are paid: its own provider, else the site's (payments/providers.ts). */
export const formCheckout = (definition: FormDefinition, settings: PaymentSettings): Checkout =>
  checkoutOf(
    definition.settings.payment.provider,
    hasCardField(definition),
    sitePaymentsOf(settings),
  );

/** Why a form cannot take its payments as set (for the builder and Settings → Payments). */
export function formPaymentProblem(
  definition: FormDefinition,
  site: SitePayments,
): string | undefined {
  if (!takesPayment(definition)) return undefined;
  const checkout = checkoutOf(definition.settings.payment.provider, hasCardField(definition), site);
  return checkoutProblem(checkout, site);
}
