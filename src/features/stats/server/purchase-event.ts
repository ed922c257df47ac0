import type { Insertable } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { StatHitsTable } from '../../../platform/db/schema.ts';
import type { Logger } from '../../../platform/log.ts';
import { dayIn } from '../stat-days.ts';
import { readStatsSettings } from './stats-settings-store.ts';
import { cookieVisitorKey } from './visitor-keys.ts';

/** A paid order as the statistics count it (seed §1: "a purchase conversion is counted"). */
export type Purchase = {
  at: number;
  /** The page the order was placed from. */
  path: string;
  /** The `_qvid` the entry kept, when the visitor could be recognised. */
  visitorId: string | null;
  entryId: number;
  currency: string;
  /** In the currency's smallest unit. */
  total: number;
};

/**
 * The statistics row of a purchase: an event `ecommerce` / `purchase`, labelled with the
 * currency, valued at the total in its smallest unit. Nothing leaves the site. Undefined while
 * statistics are turned off. The caller stores it in the transaction that marks the order
 * paid, so a purchase is counted exactly once.
 */
export async function purchaseHit(
  deps: { db: Db; secret: string; log: Pick<Logger, 'warn'>; timeZone: () => Promise<string> },
  purchase: Purchase,
): Promise<Insertable<StatHitsTable> | undefined> {
  const settings = await readStatsSettings(deps.db, deps.log);
  if (!settings.enabled) return undefined;
  return {
    at: purchase.at,
    day: dayIn(purchase.at, await deps.timeZone()),
    type: 'event',
    path: purchase.path || '/',
    title: null,
    referrer: null,
    referrer_host: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    click_id: null,
    screen_width: null,
    screen_height: null,
    viewport_width: null,
    viewport_height: null,
    charset: null,
    color_depth: null,
    event_category: 'ecommerce',
    event_action: 'purchase',
    event_label: purchase.currency,
    event_value: purchase.total,
    visitor: purchase.visitorId
      ? cookieVisitorKey(deps.secret, purchase.visitorId)
      : cookieVisitorKey(deps.secret, `order:${purchase.entryId}`),
  };
}
