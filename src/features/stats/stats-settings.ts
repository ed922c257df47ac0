import { z } from 'zod';

/** The site owner's choices for page-view statistics; every field has a default. */
export const statsSettingsSchema = z.object({
  /** Whether pages carry the beacon and the server records hits. */
  enabled: z.boolean().default(true),
  /** Visitors whose browser sends Do Not Track or Global Privacy Control are not counted. */
  respectDoNotTrack: z.boolean().default(true),
});

export type StatsSettings = z.output<typeof statsSettingsSchema>;

export const statsSettingsKey = 'stats';
