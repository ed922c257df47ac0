/** The key an order's mails are held under in the outbox until it is paid. */
export const orderMailKey = (entryId: number) => `order:${entryId}`;
