import type { CurrencyFormat } from './currency.ts';
import { paymentMessages } from './messages.ts';
import { currencyOf, type PaymentSettings } from './payment-settings.ts';

/** Where an order's money goes: each provider is a module of server/. */
export type ProviderId = 'offline' | 'stripe';

/** Whether Stripe has the keys it needs: both, or cards cannot be taken. */
export const stripeReady = (settings: PaymentSettings) =>
  settings.stripeSecretKey !== '' && settings.stripePublishableKey !== '';

/**
 * How an order is paid: offline (the order mail says how), or by card through Stripe, which
 * needs the site's keys and a card field on the form. A form set to Stripe that lacks either
 * takes no order at all rather than quietly becoming a bank transfer; the builder and Settings
 * → Payments say why (`checkoutProblem`).
 */
export type Checkout =
  | { provider: 'offline'; cardField: boolean }
  | { provider: 'stripe'; cardField: boolean; ready: boolean };

/** What the site offers every form: its default provider, and whether Stripe has its keys. */
export type SitePayments = { provider: ProviderId; stripeReady: boolean };

export const sitePaymentsOf = (settings: PaymentSettings): SitePayments => ({
  provider: settings.provider,
  stripeReady: stripeReady(settings),
});

/** The checkout of an order: the form's own provider, else the site's. */
export function checkoutOf(
  choice: ProviderId | undefined,
  cardField: boolean,
  site: SitePayments,
): Checkout {
  const provider = choice ?? site.provider;
  return provider === 'stripe'
    ? { provider, cardField, ready: cardField && site.stripeReady }
    : { provider, cardField };
}

/** Why a form cannot take its payments as set, for its owner; undefined when it can. */
export function checkoutProblem(checkout: Checkout, site: SitePayments): string | undefined {
  if (checkout.provider === 'offline') {
    return checkout.cardField ? paymentMessages.problemCardFieldOffline : undefined;
  }
  if (!site.stripeReady) return paymentMessages.problemNoStripeKeys;
  return checkout.cardField ? undefined : paymentMessages.problemNoCardField;
}

/**
 * What a page tells the browser about a form's payment: the currency, whether its card field
 * takes a card, and for Stripe its publishable key and addresses (never a secret).
 */
export type PublicPayment = {
  currency: CurrencyFormat;
  provider: ProviderId;
  /**
   * `stripe`: the card field takes a card; `not-offered`: the form is set to take cards and
   * cannot, so the field says so; `none`: an offline form, whose card field is not shown.
   */
  card: 'stripe' | 'not-offered' | 'none';
  /** Stripe's publishable key and the address of its browser library (`stripe` only). */
  publishableKey: string;
  scriptUrl: string;
  /** Stripe's API, which turns the card into a PaymentMethod (`stripe` only). */
  apiUrl: string;
};

export const defaultStripeApiUrl = 'https://api.stripe.com';

export function publicPayment(
  checkout: Checkout,
  settings: PaymentSettings,
  stripeApiUrl = defaultStripeApiUrl,
): PublicPayment {
  const stripe = checkout.provider === 'stripe' && checkout.ready;
  return {
    currency: currencyOf(settings),
    provider: checkout.provider,
    card: stripe ? 'stripe' : checkout.provider === 'stripe' ? 'not-offered' : 'none',
    publishableKey: stripe ? settings.stripePublishableKey : '',
    scriptUrl: stripe ? settings.stripeScriptUrl : '',
    apiUrl: stripe ? stripeApiUrl.replace(/\/+$/, '') : '',
  };
}

/**
 * What a page with this payment must allow in its Content-Security-Policy: the provider's
 * script, its API, and the frames of a bank's 3-D Secure step.
 */
export function paymentCspSources(
  payment: PublicPayment,
): { script: string; connect: string; frame: string } | undefined {
  if (payment.card !== 'stripe') return undefined;
  const script = new URL(payment.scriptUrl).origin;
  return {
    script,
    connect: new URL(payment.apiUrl).origin,
    frame: [...new Set([script, 'https://js.stripe.com', 'https://hooks.stripe.com'])].join(' '),
  };
}
