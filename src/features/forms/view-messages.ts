/**
 * Texts of the views that load on their own (order and card fields, the entry preview) and
 * that the server's mails share (locale en): apart from messages.ts so a contact form's island
 * does not carry them. Filled by `fill`.
 */
export const viewMessages = {
  cardNumberLabel: 'Card number',
  cardExpiryLabel: 'Expiry date (MM/YY)',
  cardCvcLabel: 'Security code (CVC)',
  /** The form is set to take cards but the site cannot (no keys): nothing can be typed. */
  cardNotOffered: 'Card payment is not available on this form.',
  cardNotConfirmed: 'The payment was not confirmed with your bank. Please try again.',
  cardNotTaken: 'Your card could not be charged. Please check the details or use another card.',
  minimumPriceHint: 'Minimum {amount}',
  couponApply: 'Apply',
  totalAnnouncement: 'Total: {total}',
  couponApplied: 'Coupon {code} applied: {discount} off.',
  summaryItem: 'Item',
  summaryQuantity: 'Quantity',
  summaryPrice: 'Price',
  summaryCoupon: 'Coupon {code}',
  summaryTotal: 'Total',
  summaryEmpty: 'Nothing chosen yet.',
  /** In the mails an entry causes. */
  mailEmptyValue: '(empty)',
  mailUnnamedField: 'Field {id}',
} as const;
