/** Where Stripe sends its events (the owner enters it in Stripe's dashboard). */
export const stripeWebhookPath = '/payments/stripe/webhook';

/** Stripe's events are small; a larger body is not one of them. */
export const stripeWebhookMaxBytes = 512 * 1024;
