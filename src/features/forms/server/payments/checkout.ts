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
 * The provider of a form: its own choice, else the site's. Stripe without its keys cannot take
 * a card, so such a form takes orders offline rather than turning visitors away.
 */
export function providerOf(definition: FormDefinition, settings: PaymentSettings): ProviderId {
  const chosen = definition.settings.payment.provider ?? settings.provider;
  return chosen === 'stripe' && !stripeReady(settings) ? 'offline' : chosen;
}

/** What the page tells the browser: the currency, and for Stripe its publishable key only. */
export function publicPayment(
  definition: FormDefinition,
  settings: PaymentSettings,
): PublicPayment {
  const provider = providerOf(definition, settings);
  return {
    currency: currencyOf(settings),
    provider,
    publishableKey: provider === 'stripe' ? settings.stripePublishableKey : '',
    scriptUrl: provider === 'stripe' ? settings.stripeScriptUrl : '',
  };
}
