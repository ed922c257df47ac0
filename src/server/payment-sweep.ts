import { endAbandonedCardPayments } from '../features/payments/server/abandoned-card-payments.ts';
import type { AppContext } from './boot.ts';
import { startPeriodicTask } from './periodic-task.ts';

export const paymentSweepIntervalMs = 5 * 60_000;

/**
 * Ends card orders left on their bank's step past the hour (abandoned-card-payments.ts), from
 * every serving process: an order's status moves once however many processes look at it.
 */
export function startPaymentSweep(app: AppContext, intervalMs = paymentSweepIntervalMs) {
  return startPeriodicTask(
    app.log,
    'Abandoned card payments',
    async () => {
      await endAbandonedCardPayments(app.payments);
    },
    intervalMs,
  );
}
