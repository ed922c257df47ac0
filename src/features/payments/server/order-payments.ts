import type { OrderPayments } from '../order-payments.ts';
import { completeCardPayment, endAbandonedCardPayment, payByCard } from './card-checkout.ts';
import { checkCoupon, holdCouponUse } from './coupons.ts';
import type { PaymentsDependencies } from './payments-dependencies.ts';
import { recordPayment } from './record-payment.ts';

/** The payments an order's checkout uses (payments/order-payments.ts), on the site's own. */
export function createOrderPayments(deps: PaymentsDependencies): OrderPayments {
  return {
    settings: deps.settings,
    stripeApiUrl: deps.stripeApiUrl,
    checkCoupon: (formId, code, now) => checkCoupon(deps.db, formId, code, now),
    holdCouponUse,
    payByCard: (order) => payByCard(deps, order),
    completeCardPayment: (request) => completeCardPayment(deps, request),
    endAbandonedCardPayment: (entryId) => endAbandonedCardPayment(deps, entryId),
    markPaid: async (entryId, now) => {
      await recordPayment(deps, { entryId, status: 'paid', now });
    },
  };
}
