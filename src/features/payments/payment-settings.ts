import { z } from 'zod';
import { type CurrencyFormat, defaultCurrency } from './currency.ts';

/**
 * The site's payment settings (the admin's Payments tab): the currency every amount is shown
 * and charged in, the provider forms use unless they name one, the instructions an offline
 * order mails, and Stripe's keys. The secret key and the webhook secret never leave the
 * server: pages get the publishable key only, and the admin shows whether they are set.
 */
export const paymentSettingsSchema = z
  .object({
    currencyCode: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, 'Use the three capital letters of an ISO 4217 code, such as USD or EUR.')
      .default(defaultCurrency.code),
    currencySymbol: z.string().trim().min(1).max(8).default(defaultCurrency.symbol),
    currencySymbolPosition: z.enum(['left', 'right']).default(defaultCurrency.symbolPosition),
    currencyDecimals: z.int().min(0).max(4).default(defaultCurrency.decimals),
    decimalSeparator: z.enum(['.', ',']).default('.'),
    thousandsSeparator: z.enum([',', '.', ' ', "'", '']).default(','),
    provider: z.enum(['offline', 'stripe']).default('offline'),
    /** Markdown mailed with every offline order, after its summary. */
    offlineInstructions: z
      .string()
      .trim()
      .max(5000)
      .default(
        'Please pay the total by bank transfer within 7 days, quoting your order number. We will confirm by e-mail once the payment has arrived.',
      ),
    stripePublishableKey: z
      .string()
      .trim()
      .regex(/^(?:pk_(?:test|live)_\w+)?$/, 'A publishable key starts with pk_test_ or pk_live_.')
      .default(''),
    stripeSecretKey: z
      .string()
      .trim()
      .regex(
        /^(?:[sr]k_(?:test|live)_\w+)?$/,
        'A secret key starts with sk_ or rk_ (test or live).',
      )
      .default(''),
    stripeWebhookSecret: z
      .string()
      .trim()
      .regex(/^(?:whsec_\w+)?$/, 'A webhook signing secret starts with whsec_.')
      .default(''),
    /** Where pages load Stripe's browser library from; Stripe's own address unless changed. */
    stripeScriptUrl: z.url({ protocol: /^https?$/ }).default('https://js.stripe.com/v3/'),
  })
  .refine((s) => s.decimalSeparator !== s.thousandsSeparator, {
    message: 'The thousands separator must differ from the decimal separator.',
    path: ['thousandsSeparator'],
  });

export type PaymentSettings = z.output<typeof paymentSettingsSchema>;

export const paymentSettingsKey = 'payments';

/** The settings that are secrets: shown to nobody, kept when a save leaves them empty. */
export const secretPaymentSettings = ['stripeSecretKey', 'stripeWebhookSecret'] as const;

export function currencyOf(settings: PaymentSettings): CurrencyFormat {
  return {
    code: settings.currencyCode,
    symbol: settings.currencySymbol,
    symbolPosition: settings.currencySymbolPosition,
    decimals: settings.currencyDecimals,
    decimalSeparator: settings.decimalSeparator,
    thousandsSeparator: settings.thousandsSeparator,
  };
}
