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

/** The admin's Coupons screen (`/admin/coupons`). */
export const couponAdminMessages = {
  title: 'Coupons',
  intro:
    'Codes visitors type into a form’s coupon field for money off their order. Each order holds one use; an order that fails gives it back.',
  none: 'No coupons yet.',
  count: (n: number) => `${n} ${n === 1 ? 'coupon' : 'coupons'}.`,
  caption: 'Coupons',
  columns: {
    code: 'Code',
    worth: 'Worth',
    form: 'Form',
    uses: 'Uses',
    valid: 'Valid',
    actions: 'Actions',
  },
  percentOff: '{percent}% off',
  amountOff: '{amount} off',
  everyForm: 'Every form',
  formGone: 'Form {id} (deleted)',
  usesOf: '{uses} of {max}',
  usesNoLimit: '{uses}, no limit',
  validAlways: 'Always',
  validFrom: 'From {from}',
  validUntil: 'Until {until}',
  validBetween: '{from} to {until}',
  stateExpired: 'Expired',
  stateUsedUp: 'Used up',
  stateNotYet: 'Not yet valid',
  edit: 'Change',
  delete: 'Delete',
  addHeading: 'Add a coupon',
  editHeading: 'Change the coupon {code}',
  code: 'Code',
  codeHint: 'Letters, digits, hyphens and underscores; visitors may type it in any case.',
  kind: 'Worth',
  kindPercent: 'A percentage',
  kindFixed: 'An amount',
  value: 'Percentage or amount',
  valueHint: 'For a percentage, 15 or 12.5; for an amount, in {currency}, such as {example}.',
  form: 'For',
  maxUses: 'Uses',
  maxUsesHint: 'How many orders may use it; empty for no limit.',
  startsOn: 'First day',
  endsOn: 'Last day',
  daysHint: 'Days of the site’s time zone, {timeZone}; empty for no limit.',
  add: 'Add the coupon',
  save: 'Save the coupon',
  cancel: 'Back to the coupons',
  percentWrong: 'Enter a percentage above 0 and at most 100, such as 15 or 12.5.',
  amountWrong: 'Enter an amount above 0, such as {example}.',
  formWrong: 'Choose a form from the list.',
  usesWrong: 'Enter a whole number of at least 1, or leave it empty.',
  dayWrong: 'Enter a day as YYYY-MM-DD.',
  endsBeforeStart: 'The last day cannot come before the first.',
  fixErrors: 'The coupon was not saved: please correct what is marked.',
  added: 'The coupon {code} was added.',
  saved: 'The coupon {code} was saved.',
  deleted: 'The coupon {code} was deleted. Orders that used it keep its code.',
  gone: 'This coupon no longer exists.',
  confirmDelete:
    'Delete the coupon {code}? Visitors can no longer use it; orders that used it keep its code.',
  confirmDeleteButton: 'Delete the coupon',
  keep: 'Keep it',
} as const;

/** An order's payment on its entry's screen, recorded by the owner. */
export const paymentAdminMessages = {
  heading: 'Payment',
  current: 'Status',
  record: 'Record',
  recordLabel: 'Record the payment as',
  recordHint:
    'Record what happened to a payment made outside the form, such as a bank transfer. A payment status only moves forward.',
  nothingToRecord: 'A refunded order’s payment cannot change any more.',
  recorded: 'The payment is recorded as {status}.',
  unchanged: 'The payment was already {status}.',
  notAllowed: 'A payment that is {from} cannot become {to}: a payment status only moves forward.',
  notAnOrder: 'This entry is not an order.',
  history: 'What the payment service reported',
  historyEvent: '{when}: {provider} {type}, {outcome}',
  outcomes: {
    applied: 'applied',
    'ignored:other-payment': 'ignored, as it is about another payment',
    'ignored:other-amount': 'ignored, as its amount is not the order’s',
    'ignored:other-currency': 'ignored, as its currency is not the order’s',
    'ignored:not-allowed': 'ignored, as a payment status only moves forward',
    'ignored:unchanged': 'nothing to change',
    'ignored:no-such-order': 'ignored, as it names no order',
  },
} as const;
