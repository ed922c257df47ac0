import { z } from 'zod';
import { captchaProviders } from './captcha.ts';

const key = (what: string) =>
  z
    .string()
    .trim()
    .max(200)
    .regex(/^[\w-]*$/, `${what} is made of letters, digits, hyphens and underscores.`)
    .default('');

/**
 * The site's captcha (the admin's Captcha tab): the service every form's captcha field uses,
 * and, for a third-party one, the keys its dashboard gives. ALTCHA needs none: the site signs
 * its own challenges. The secret key never leaves the server: pages get the site key only.
 */
export const captchaSettingsSchema = z.object({
  provider: z.enum(captchaProviders).default('altcha'),
  siteKey: key('A site key'),
  secretKey: key('A secret key'),
});

export type CaptchaSettings = z.output<typeof captchaSettingsSchema>;

export const captchaSettingsKey = 'captcha';

/** The settings that are secrets: shown to nobody, kept when a save leaves them empty. */
export const secretCaptchaSettings = ['secretKey'] as const;
