import type { PublicPayment } from '../../payments/providers.ts';
import { cardBrand, cardDigits } from '../rules/credit-card.ts';
import { viewMessages } from '../view-messages.ts';

/**
 * The payment provider in the browser (decision 0035): its script, loaded only once the visitor
 * reaches the card field, from the address the site sets; the card handed straight to the
 * provider, which returns a token; and the bank's 3-D Secure step when an order asks for it.
 * The card never goes to the site.
 */

export type CardDetails = { number: string; expiry: string; cvc: string };
export type CardToken = { token: string; brand: string; last4: string };

export type CardProvider = {
  tokenise: (card: CardDetails) => Promise<CardToken | { error: string }>;
  /** Runs the step the bank asked for; true when the cardholder completed it. */
  completeAction: (clientSecret: string) => Promise<{ ok: true } | { error: string }>;
};

type StripeJs = {
  handleNextAction: (options: {
    clientSecret: string;
  }) => Promise<{ paymentIntent?: { status?: string }; error?: { message?: string } }>;
};

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

/** How long the provider's script may take to arrive before the card field says it is out of reach. */
const scriptTimeoutMs = 15_000;

const scripts = new Map<string, Promise<void>>();

function loadScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      const timer = setTimeout(() => reject(new Error(`${url} took too long`)), scriptTimeoutMs);
      script.src = url;
      script.async = true;
      script.onload = () => {
        clearTimeout(timer);
        resolve();
      };
      script.onerror = () => {
        clearTimeout(timer);
        reject(new Error(`${url} could not be loaded`));
      };
      document.head.append(script);
    });
    // A failed load may be tried again (the visitor's connection came back).
    loading.catch(() => scripts.delete(url));
    scripts.set(url, loading);
  }
  return loading;
}

/** `MM/YY` or `MM/YYYY` as Stripe's month and four-digit year. */
function expiryParts(expiry: string): { month: string; year: string } {
  const [month = '', year = ''] = expiry.split('/').map((part) => part.trim());
  return { month, year: year.length === 2 ? `20${year}` : year };
}

/** Stripe: Stripe.js for the bank's step, and its API (publishable key) for the card. */
async function stripeProvider(payment: PublicPayment): Promise<CardProvider> {
  await loadScript(payment.scriptUrl);
  if (typeof window.Stripe !== 'function') throw new Error('Stripe.js did not define Stripe');
  const stripe = window.Stripe(payment.publishableKey);
  return {
    async tokenise(card) {
      const { month, year } = expiryParts(card.expiry);
      const response = await fetch(`${payment.apiUrl}/v1/payment_methods`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${payment.publishableKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          type: 'card',
          'card[number]': cardDigits(card.number),
          'card[exp_month]': month,
          'card[exp_year]': year,
          'card[cvc]': card.cvc.trim(),
        }),
      });
      const answer = (await response.json()) as {
        id?: string;
        card?: { brand?: string; last4?: string };
        error?: { message?: string };
      };
      if (!response.ok || typeof answer.id !== 'string') {
        return { error: answer.error?.message ?? viewMessages.cardNotTaken };
      }
      return {
        token: answer.id,
        brand: answer.card?.brand ?? cardBrand(card.number) ?? '',
        last4: answer.card?.last4 ?? cardDigits(card.number).slice(-4),
      };
    },
    async completeAction(clientSecret) {
      const result = await stripe.handleNextAction({ clientSecret });
      if (result.error) return { error: result.error.message ?? viewMessages.cardNotConfirmed };
      return { ok: true };
    },
  };
}

/** The provider's browser side, loaded once per page; rejects when it cannot be reached. */
export function loadCardProvider(payment: PublicPayment): Promise<CardProvider> | undefined {
  return payment.card === 'stripe' ? stripeProvider(payment) : undefined;
}
