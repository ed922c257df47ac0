import type { PageCache } from '../../../platform/cache/page-cache.ts';
import type { Db } from '../../../platform/db/connect.ts';
import type { Logger } from '../../../platform/log.ts';
import type { OrderPayments } from '../../payments/order-payments.ts';
import type { VisitorIdSetting } from '../../stats/visitor-consent.ts';
import type { CaptchaSettings } from '../captcha-settings.ts';
import type { FileSettings } from '../file-settings.ts';
import type { ThirdPartyCaptcha } from './captcha/siteverify.ts';
import type { FileStorages } from './files-storage.ts';

/**
 * What the forms engine needs of the running site, and nothing more. The composition root
 * (src/server/boot.ts) builds it once; route shells and the `/ajax` router hand it over.
 */
export type FormsDependencies = {
  db: Db;
  /** The site's signing secret: form tokens, submission fingerprints, rate-limit keys. */
  secret: string;
  log: Logger;
  /** Forms are loaded once per content version, like the pages that embed them. */
  contentCache: Pick<PageCache, 'refresh' | 'memo'>;
  /** The public address of the site, for links in mails. */
  siteUrl: string;
  /** FORM_SUBMISSIONS_PER_MINUTE: submissions one client may send, across forms and instances. */
  submissionsPerMinute: number;
  /** Wakes the mail outbox once an entry's mails are queued. */
  deliverMailSoon: () => void;
  /**
   * The site settings a submission reads: the title for its mails, the visitor-id rule, the
   * time zone that says which day is today for date fields.
   */
  siteSettings: () => Promise<{ title: string; visitorId: VisitorIdSetting; timeZone: string }>;
  /** Orders' money: settings, coupons, card payments (payments/order-payments.ts). */
  payments: OrderPayments;
  /** The upload limit and where files go (the admin's Files tab). */
  fileSettings: () => Promise<FileSettings>;
  /** Where files are written and read (built on `fileSettings`). */
  fileStorages: FileStorages;
  /** The site's captcha service and its keys (the admin's Captcha tab). */
  captchaSettings: () => Promise<CaptchaSettings>;
  /**
   * HCAPTCHA_VERIFY_URL, RECAPTCHA_VERIFY_URL, TURNSTILE_VERIFY_URL: other addresses for the
   * services' siteverify calls (local stand-ins in tests); each service's own when absent.
   */
  captchaVerifyUrls: Partial<Record<ThirdPartyCaptcha, string>>;
};
