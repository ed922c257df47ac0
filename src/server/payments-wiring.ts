import {
  readPaymentSettings,
  type StripeEnvironment,
  withEnvironmentKeys,
} from '../features/payments/server/payment-settings-store.ts';
import type { PaymentsDependencies } from '../features/payments/server/payments-dependencies.ts';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import { purchaseHit } from '../features/stats/server/purchase-event.ts';
import type { Db } from '../platform/db/connect.ts';
import type { Logger } from '../platform/log.ts';

/**
 * The payments feature's dependencies on a database: for the serving processes (boot.ts, with
 * the page cache's memo and the mailer's wake-up) and the command line (without either).
 */
export function createPaymentsDependencies(options: {
  db: Db;
  secret: string;
  log: Logger;
  stripe: StripeEnvironment & { apiUrl: string | undefined };
  memo?: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  deliverMailSoon?: () => void;
}): PaymentsDependencies {
  const { db, secret, log, stripe } = options;
  const memo = options.memo ?? ((_key, load) => load());
  return {
    db,
    secret,
    log,
    settings: () =>
      memo('payment-settings', async () =>
        withEnvironmentKeys(await readPaymentSettings(db, log), stripe),
      ),
    stripeApiUrl: stripe.apiUrl,
    deliverMailSoon: options.deliverMailSoon ?? (() => {}),
    purchaseHit: (purchase) =>
      purchaseHit(
        {
          db,
          secret,
          log,
          timeZone: async () => (await readSiteSettings(db, log)).timeZone,
        },
        purchase,
      ),
  };
}
