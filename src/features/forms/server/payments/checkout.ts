import type { FormDefinition } from '../../form-definition.ts';
import { hasPayments } from '../../order-summary.ts';
import { currencyOf, type PaymentSettings } from '../../payment-settings.ts';
import type { PublicPayment } from '../../public-form.ts';

/** Where a payment form's money goes: each provider is one module of this folder. */
export type ProviderId = 'offline' | 'stripe';

/** A form takes payment when it sells something or asks for a card. */
export const takesPayment = (definition: FormDefinition) =>
  hasPayments(definition) || definition.fields.some((f) => f.type === 'payment-credit-card');

/** Whether Stripe has the keys it needs: both, or cards cannot be taken. */
export const stripeReady = (settings: PaymentSettings) =>
  settings.stripeSecretKey !== '' && settings.stripePublishableKey !== '';

/**
 * The provider of a form: its own choice, else the site's. Stripe without its keys, or on a
 * form without a card field, cannot take a card, so such a form takes orders offline rather
 * than turning visitors away.
 */
export function providerOf(definition: FormDefinition, settings: PaymentSettings): ProviderId {
  const chosen = definition.settings.payment.provider ?? settings.provider;
  const hasCard = definition.fields.some((f) => f.type === 'payment-credit-card');
  return chosen === 'stripe' && (!stripeReady(settings) || !hasCard) ? 'offline' : chosen;
}

/** What the page tells the browser: the currency, and for Stripe its publishable key only. */
export function publicPayment(
  definition: FormDefinition,
  settings: PaymentSettings,
  stripeApiUrl = defaultStripeApiUrl,
): PublicPayment {
  const provider = providerOf(definition, settings);
  const stripe = provider === 'stripe';
  return {
    currency: currencyOf(settings),
    provider,
    publishableKey: stripe ? settings.stripePublishableKey : '',
    scriptUrl: stripe ? settings.stripeScriptUrl : '',
    apiUrl: stripe ? stripeApiUrl.replace(/\/+$/, '') : '',
  };
}

export const defaultStripeApiUrl = 'https://api.stripe.com';

/**
 * What a page with this payment must allow in its Content-Security-Policy: the provider's
 * script, its API, and the frames of a bank's 3-D Secure step.
 */
export function paymentCspSources(
  payment: PublicPayment,
): { script: string; connect: string; frame: string } | undefined {
  if (payment.provider !== 'stripe') return undefined;
  const script = new URL(payment.scriptUrl).origin;
  return {
    script,
    connect: new URL(payment.apiUrl).origin,
    frame: [...new Set([script, 'https://js.stripe.com', 'https://hooks.stripe.com'])].join(' '),
  };
}
