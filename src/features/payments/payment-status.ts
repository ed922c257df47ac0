import type { PaymentStatus } from '../../platform/db/schema.ts';

export type { PaymentStatus };

export const paymentStatuses: readonly PaymentStatus[] = ['awaiting', 'paid', 'failed', 'refunded'];

/**
 * Where an order's payment may go from where it stands: only forward. An order awaiting payment
 * is paid or fails; a failed one may still be paid (the cardholder tried again, a late
 * success); a paid one may be refunded; a refund ends it. Refunded is reachable from every
 * other status because a provider's events can arrive out of order (a refund before the
 * success it refunds), and a refund means the money went back whatever came before it.
 */
const forward: Record<PaymentStatus, readonly PaymentStatus[]> = {
  awaiting: ['paid', 'failed', 'refunded'],
  paid: ['refunded'],
  failed: ['paid', 'refunded'],
  refunded: [],
};

/** Whether an order may move from one payment status to another. */
export const canMovePayment = (from: PaymentStatus, to: PaymentStatus): boolean =>
  forward[from].includes(to);
/** The statuses an order may move to from where it stands. */
export const nextPaymentStatuses = (from: PaymentStatus): readonly PaymentStatus[] => forward[from];

/** What was done with a provider's event about an order (kept with the event). */
export type PaymentEventOutcome =
  | 'applied'
  | 'ignored:other-payment'
  | 'ignored:other-amount'
  | 'ignored:other-currency'
  | 'ignored:not-allowed'
  | 'ignored:unchanged'
  | 'ignored:no-such-order';
