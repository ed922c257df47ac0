import type { Db } from '../../../platform/db/connect.ts';
import type { Logger } from '../../../platform/log.ts';
import { readSettings, saveSettings } from '../../../platform/settings-store.ts';
import {
  type PaymentSettings,
  paymentSettingsKey,
  paymentSettingsSchema,
} from '../payment-settings.ts';

export function readPaymentSettings(db: Db, log: Pick<Logger, 'warn'>): Promise<PaymentSettings> {
  return readSettings(db, paymentSettingsKey, paymentSettingsSchema, log);
}

/** Saves the changed settings (the others keep their value) and refreshes the pages. */
export function writePaymentSettings(
  db: Db,
  changes: Partial<PaymentSettings>,
): Promise<PaymentSettings> {
  return saveSettings(db, paymentSettingsKey, paymentSettingsSchema, changes);
}

/** Stripe's keys and address as the environment gives them; each one set wins over the admin's. */
export type StripeEnvironment = {
  secretKey: string | undefined;
  publishableKey: string | undefined;
  webhookSecret: string | undefined;
};

export function withEnvironmentKeys(
  settings: PaymentSettings,
  env: StripeEnvironment,
): PaymentSettings {
  return {
    ...settings,
    stripeSecretKey: env.secretKey ?? settings.stripeSecretKey,
    stripePublishableKey: env.publishableKey ?? settings.stripePublishableKey,
    stripeWebhookSecret: env.webhookSecret ?? settings.stripeWebhookSecret,
  };
}
