import { z } from 'zod';
import { isTimeZone } from '../../platform/time-zone.ts';
import { visitorIdSettings } from '../stats/visitor-consent.ts';

const menuLinkSchema = z.object({
  label: z.string().trim().min(1).max(60),
  /** A page of the site (`/about/`) or another site's address; never a script. */
  url: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .regex(
      /^(?:\/(?!\/)|https?:\/\/|mailto:)[^\s"'<>]*$/i,
      'Use an address on the site, like /about/, or one that starts with https://',
    ),
});

export const menuItemSchema = menuLinkSchema.extend({
  children: z.array(menuLinkSchema).max(20).default([]),
});

export type MenuItem = z.output<typeof menuItemSchema>;

/** The site-wide settings the visitor side reads. Every field has a default. */
export const siteSettingsSchema = z.object({
  title: z.string().trim().min(1).max(120).default('Quire'),
  description: z.string().trim().max(300).default('A blog made with Quire.'),
  locale: z.string().default('en'),
  /** The zone of the owner's dates and times: scheduling, archives and statistics. */
  timeZone: z
    .string()
    .trim()
    .refine(isTimeZone, 'Use a time zone name such as UTC or Europe/Paris.')
    .default('UTC'),
  /** Width in px from which the header shows its desktop mode (seed: 769 marks desktop). */
  desktopBreakPoint: z.number().int().min(320).max(4000).default(769),
  menu: z.array(menuItemSchema).max(20).default([]),
  copyProtection: z.boolean().default(true),
  postsPerPage: z.number().int().min(1).max(50).default(8),
  footerText: z.string().max(500).default(''),
  /** The site's logo, shown in the header before its title; null: the title alone. */
  logoImageId: z.number().int().positive().nullable().default(null),
  /** Image shown when a page has none of its own (OpenGraph, Pinterest). */
  defaultShareImageId: z.number().int().positive().nullable().default(null),
  /**
   * When the visitor cookie `_qvid` may be used: never, only after the visitor consented,
   * or always (a site whose legal basis does not need consent).
   */
  visitorId: z.enum(visitorIdSettings).default('with-consent'),
});

export type SiteSettings = z.output<typeof siteSettingsSchema>;

/** The site settings that hold a stored image's id: what the media library counts as uses. */
export const siteImageSettings = ['logoImageId', 'defaultShareImageId'] as const;

export const siteSettingsKey = 'site';
