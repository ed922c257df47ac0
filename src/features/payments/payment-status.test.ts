import { describe, expect, it } from 'vitest';
import { canMovePayment, paymentStatuses } from './payment-status.ts';

describe('payment status', () => {
  it('moves forward only: awaiting → paid → refunded, failed → paid on a retry', () => {
    const allowed = paymentStatuses.flatMap((from) =>
      paymentStatuses.filter((to) => canMovePayment(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual([
      'awaiting→paid',
      'awaiting→failed',
      'awaiting→refunded',
      'paid→refunded',
      'failed→paid',
      'failed→refunded',
    ]);
  });

  it('never turns a refunded order back into paid, nor a paid one into failed or awaiting', () => {
    expect(canMovePayment('refunded', 'paid')).toBe(false);
    expect(canMovePayment('paid', 'failed')).toBe(false);
    expect(canMovePayment('paid', 'awaiting')).toBe(false);
    expect(canMovePayment('paid', 'paid')).toBe(false);
  });
});
