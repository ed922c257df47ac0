import type { Insertable } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { StatHitsTable } from '../../../platform/db/schema.ts';
import type { Logger } from '../../../platform/log.ts';
import type { PaymentSettings } from '../payment-settings.ts';

/**
 * What the payments feature needs of the running site. The composition root
 * (src/server/boot.ts) builds it once; the forms engine reaches payments through the
 * `OrderPayments` built on it (order-payments.ts), the admin and the CLI call its modules.
 */
export type PaymentsDependencies = {
  db: Db;
  /** The site's signing secret: proofs that a browser may finish its own card payment. */
  secret: string;
  log: Logger;
  /** The payment settings with the environment's Stripe keys in place of the admin's. */
  settings: () => Promise<PaymentSettings>;
  /** STRIPE_API_URL: another address for Stripe's API (a local stand-in in tests). */
  stripeApiUrl: string | undefined;
  /** Wakes the mail outbox once an order's mails are released. */
  deliverMailSoon: () => void;
  /**
   * The statistics row of a paid order (stats' purchase event), or undefined while statistics
   * are off; stored in the transaction that marks the order paid.
   */
  purchaseHit: (purchase: {
    at: number;
    path: string;
    visitorId: string | null;
    entryId: number;
    currency: string;
    total: number;
  }) => Promise<Insertable<StatHitsTable> | undefined>;
};
