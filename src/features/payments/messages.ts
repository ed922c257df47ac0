/**
 * Every text of the payments feature (locale en): what the server answers a buyer about an
 * order, the order mails' parts, and the owner's texts about payments. Filled by `fill`
 * (platform/fill-message.ts). The form island's own payment texts (the card field, the coupon
 * box) are in the forms' catalogues, so the island does not carry these.
 */
export const paymentMessages = {
  /** Every refused code gets this one answer: it must not tell which codes exist. */
  couponInvalid: 'This coupon code is not valid.',
  cardDeclined: 'The card was not accepted: {reason}',
  cardStepUnavailable: 'The payment needs a step that could not be started.',
  cardDeclinedByBank: 'The card was declined.',
  /** The card's service was out of reach: nothing was charged. */
  cardServiceUnavailable:
    'Card payment cannot be offered right now: the payment service could not be reached. Please try again later.',
  /** A form set to take cards that cannot (no keys, no card field): no order is placed. */
  cardNotOffered:
    'Card payment is not available on this form, so the order could not be placed. Please contact us to order.',
  cardNotConfirmed: 'The payment was not confirmed with your bank. Please try again.',
  totalChanged:
    'The total has changed to {total}. Please check the order summary and submit again.',
  orderTooLarge: 'This order is larger than the form can take. Please choose fewer items.',
  /** A resend of an order whose card payment is still under way. */
  orderInProgress:
    'This order is already being paid. Please wait a moment: you will see its confirmation.',
  /** An order that looked automated (sent too fast, a trap field filled) is not placed. */
  orderNotPlaced:
    'Your order could not be placed this time. Please check it and send it again in a moment.',

  /** The confirmation of an order form whose owner kept the contact form's default thanks. */
  orderThanks: '**Thank you for your order.**',
  orderPaid: 'Your order number is {number}. Your payment of {total} has been received.',
  orderFree: 'Your order number is {number}. There is nothing to pay.',
  orderAwaiting:
    'Your order number is {number}. We have received it, and it is awaiting your payment of {total}.',
  orderProcessing:
    'Your order number is {number}. Your payment of {total} is being processed: we will e-mail you once it is confirmed.',

  mailOrderNumber: 'Order {number}',
  mailOrderStatus: 'Payment: {status}',
  mailOrderOwnerSubject: 'New order {number}: {form}',
  mailOrderVisitorSubject: 'Your order {number} at {site}',
  status: {
    awaiting: 'awaiting payment',
    paid: 'paid',
    failed: 'failed',
    refunded: 'refunded',
  },
  /** Nothing to pay (a coupon took the whole total). */
  statusNothingDue: 'nothing to pay',

  couponCodeShape: 'A code is 1 to 40 letters, digits, hyphens or underscores.',
  couponCodeTaken: 'There is already a coupon with this code.',
  couponAmountPositive: 'The amount must be above 0.',
  couponPercentRange: 'A percentage is at most 100.',
  couponUsesRange: 'The number of uses must be a whole number of at least 1.',
  couponEndsBeforeStart: 'The coupon must end after it starts.',
  couponLimitBelowUses:
    'The number of uses cannot be lower than the uses already taken: those orders exist.',

  /** What the builder and Settings → Payments say about a form that cannot take its payment. */
  problemNoStripeKeys:
    'This form takes cards through Stripe, but Stripe’s keys are not set in Settings → Payments: visitors cannot order until they are.',
  problemNoCardField:
    'This form takes cards through Stripe but has no card field: add one, or take payment offline.',
  problemCardFieldOffline:
    'This form takes payment offline, so its card field is not shown to visitors: remove it, or choose Stripe.',
  /** Settings → Payments, above the list of forms that cannot take their payments as set. */
  formsWithProblems: 'Forms that cannot take their payments as set:',
} as const;
