import Stripe from 'stripe';
import type { PaymentStatus } from '../../../platform/db/schema.ts';
import { paymentMessages } from '../messages.ts';
import type { CardOrder } from '../order-payments.ts';

/**
 * Card payments through Stripe's PaymentIntents, with the official `stripe` package. The
 * browser turns the card into a PaymentMethod with the publishable key; the server creates and
 * confirms a PaymentIntent for the total it computed, and follows it: paid, a further step the
 * bank asks for (3-D Secure), declined, or Stripe out of reach. Webhooks settle the rest.
 * See decision 0035 for how card data flows.
 */

/** A client for the secret key; `apiUrl` points it elsewhere (a local stand-in in tests). */
export function stripeClient(secretKey: string, apiUrl: string | undefined): Stripe {
  const url = apiUrl ? new URL(apiUrl) : undefined;
  const protocol = url?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    ...(url
      ? {
          host: url.hostname,
          port: Number(url.port || (protocol === 'http' ? 80 : 443)),
          protocol,
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Quire' },
  });
}

let verifier: Stripe | undefined;

/** A client that only checks webhook signatures: no key needed, and no request made. */
export function signatureVerifier(): Stripe {
  verifier ??= new Stripe('sk_test_signature_verification_only');
  return verifier;
}

export type CardCharge =
  /** Paid: the amount and currency Stripe took, checked against the order's own. */
  | { outcome: 'paid'; reference: string; amount: number; currency: string }
  /** The bank asks the cardholder to confirm (3-D Secure): the browser completes it. */
  | { outcome: 'action_required'; reference: string; clientSecret: string }
  /** Accepted, the result still to come by webhook. */
  | { outcome: 'processing'; reference: string }
  | { outcome: 'declined'; reference: string | undefined; message: string }
  /** Stripe could not be reached or refused the key: no money moved. */
  | { outcome: 'unavailable'; message: string };

function chargeOf(intent: Stripe.PaymentIntent): CardCharge {
  switch (intent.status) {
    case 'succeeded':
      return {
        outcome: 'paid',
        reference: intent.id,
        amount: intent.amount,
        currency: intent.currency,
      };
    case 'requires_action':
      return intent.client_secret
        ? { outcome: 'action_required', reference: intent.id, clientSecret: intent.client_secret }
        : {
            outcome: 'declined',
            reference: intent.id,
            message: paymentMessages.cardStepUnavailable,
          };
    case 'processing':
    case 'requires_capture':
      return { outcome: 'processing', reference: intent.id };
    default:
      return {
        outcome: 'declined',
        reference: intent.id,
        message: intent.last_payment_error?.message ?? paymentMessages.cardDeclinedByBank,
      };
  }
}

function chargeOfError(error: unknown): CardCharge {
  if (error instanceof Stripe.errors.StripeCardError) {
    return { outcome: 'declined', reference: error.payment_intent?.id, message: error.message };
  }
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    error.param === 'payment_method'
  ) {
    return { outcome: 'declined', reference: undefined, message: error.message };
  }
  if (error instanceof Stripe.errors.StripeError || error instanceof Error) {
    return { outcome: 'unavailable', message: error.message };
  }
  return { outcome: 'unavailable', message: String(error) };
}

/**
 * Creates and confirms the PaymentIntent of an entry. The idempotency key is the entry and the
 * card: a request repeated after a lost answer is the same payment, never a second one.
 */
export async function chargeCard(stripe: Stripe, order: CardOrder): Promise<CardCharge> {
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: order.amount,
        currency: order.currency.toLowerCase(),
        payment_method: order.paymentMethod,
        // A card confirmed here; a bank's step comes back as requires_action, never a redirect.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        confirm: true,
        description: order.description,
        metadata: { quire_entry: String(order.entryId), quire_form: String(order.formId) },
        ...(order.email ? { receipt_email: order.email } : {}),
      },
      { idempotencyKey: `quire-entry-${order.entryId}-${order.paymentMethod}` },
    );
    return chargeOf(intent);
  } catch (error) {
    return chargeOfError(error);
  }
}

/** Where a PaymentIntent stands now (after the browser completed the bank's step). */
export async function cardChargeNow(stripe: Stripe, reference: string): Promise<CardCharge> {
  try {
    return chargeOf(await stripe.paymentIntents.retrieve(reference));
  } catch (error) {
    return chargeOfError(error);
  }
}

/**
 * Ends a PaymentIntent whose bank step was abandoned, so it can never be paid later: declined
 * once cancelled, or where it stands when it can no longer be cancelled (paid meanwhile).
 */
export async function cancelCardCharge(stripe: Stripe, reference: string): Promise<CardCharge> {
  try {
    return chargeOf(
      await stripe.paymentIntents.cancel(reference, { cancellation_reason: 'abandoned' }),
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      return cardChargeNow(stripe, reference);
    }
    return chargeOfError(error);
  }
}

/** What a webhook event means for an order: its entry (or PaymentIntent) and new status. */
export type StripeEventChange = {
  reference: string;
  entryId: number | undefined;
  status: PaymentStatus;
  /** The payment's amount and currency, which must be the order's for the event to apply. */
  amount: number;
  currency: string;
};

const entryOf = (metadata: Stripe.Metadata | null | undefined) => {
  const id = Number(metadata?.quire_entry);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * Reads a signed webhook: throws when the signature does not hold (a forged or replayed-late
 * body). Undefined for events that change no order.
 */
export function stripeEventChange(
  stripe: Stripe,
  body: string,
  signature: string,
  secret: string,
): { id: string; type: string; change: StripeEventChange | undefined } {
  const event = stripe.webhooks.constructEvent(body, signature, secret);
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return {
        id: event.id,
        type: event.type,
        change: {
          reference: intent.id,
          entryId: entryOf(intent.metadata),
          status: event.type === 'payment_intent.succeeded' ? 'paid' : 'failed',
          amount: intent.amount,
          currency: intent.currency,
        },
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intent =
        typeof charge.payment_intent === 'string'
          ? charge.payment_intent
          : charge.payment_intent?.id;
      // Only a whole refund refunds the order; a partial one leaves it paid.
      if (!intent || !charge.refunded) return { id: event.id, type: event.type, change: undefined };
      return {
        id: event.id,
        type: event.type,
        change: {
          reference: intent,
          entryId: entryOf(charge.metadata),
          status: 'refunded',
          amount: charge.amount,
          currency: charge.currency,
        },
      };
    }
    default:
      return { id: event.id, type: event.type, change: undefined };
  }
}
