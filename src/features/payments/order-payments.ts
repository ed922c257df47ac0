import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { CouponTerms } from './order-pricing.ts';
import type { PaymentSettings } from './payment-settings.ts';

/**
 * What an order's checkout asks of the payments feature, built by the composition root from
 * payments/server (order-payments.ts there) and handed to the forms engine: a form's
 * submission prices, stores and charges an order through these and nothing else.
 */
export type OrderPayments = {
  /** The payment settings with the environment's Stripe keys in place of the admin's. */
  settings: () => Promise<PaymentSettings>;
  /** STRIPE_API_URL: another address for Stripe's API (a local stand-in in tests). */
  stripeApiUrl: string | undefined;
  /** Whether a code takes money off this form's order now; one answer for every refusal. */
  checkCoupon: (formId: number, code: string, now: number) => Promise<CouponCheck>;
  /** Takes one use for the order being stored, in its transaction; false when none is left. */
  holdCouponUse: (trx: Transaction<Database>, couponId: number) => Promise<boolean>;
  /** Charges a stored order's card for the total the server computed. */
  payByCard: (order: CardOrder) => Promise<CardStep>;
  /** The browser finished the bank's step (`qforms_payment_complete`). */
  completeCardPayment: (request: {
    formId: number;
    entryId: number;
    reference: string;
    proof: string;
  }) => Promise<CardStep | 'unknown'>;
  /** An order still awaiting its card, sent again: where it stands, an abandoned step ended. */
  endAbandonedCardPayment: (
    entryId: number,
  ) => Promise<'paid' | 'processing' | 'failed' | 'in-flight'>;
  /** An order with nothing to pay (a coupon took it all) is paid once stored. */
  markPaid: (entryId: number, now: number) => Promise<void>;
};

export type CouponCheck =
  | { ok: true; id: number; terms: CouponTerms }
  | { ok: false; message: string };

export type CardOrder = {
  entryId: number;
  formId: number;
  /** In the currency's smallest unit, as Stripe counts it too. */
  amount: number;
  currency: string;
  /** The PaymentMethod the browser made of the card (`pm_…`). */
  paymentMethod: string;
  description: string;
  email: string | undefined;
};

export type CardStep =
  | { outcome: 'paid' }
  | { outcome: 'processing' }
  | { outcome: 'action_required'; clientSecret: string; proof: string }
  /** The bank's step is not finished: nothing changed, the cardholder may try it again. */
  | { outcome: 'not_confirmed' }
  | { outcome: 'declined'; message: string }
  | { outcome: 'unavailable' };
