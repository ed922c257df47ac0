import type { IncomingHttpHeaders } from 'node:http';
import { clientAddress } from '../../../platform/client-address.ts';
import type { Config } from '../../../platform/config.ts';
import type { DatabaseHandle } from '../../../platform/db/connect.ts';
import type { Logger } from '../../../platform/log.ts';
import { hitLimits } from '../hit-params.ts';
import { dayIn } from '../stat-days.ts';
import { usableVisitorId, type VisitorIdSetting } from '../visitor-consent.ts';
import { type DropReason, HitBatcher, type NewHit } from './hit-batcher.ts';
import { bareHost, parseHit } from './parse-hit.ts';
import { readStatsSettings } from './stats-settings-store.ts';
import { asksNotToBeTracked, isPrefetch, isRobot } from './traffic-filters.ts';
import { cookieVisitorKey, DailySalts, saltedVisitorKey } from './visitor-keys.ts';

/** What the ingest needs of a `GET /?qstat=1` request. */
export type HitRequest = {
  /** The request target as sent, e.g. `/?qstat=1&r=…`. */
  url: string;
  headers: IncomingHttpHeaders;
  socketAddress: string;
};

export type StatsIngest = {
  /**
   * Reads one hit and stores it, or counts why it was dropped. Resolves with true once that is
   * stored, and with false if it was not stored within `STATS_BATCH_MS` of arriving (it stays
   * queued) or cannot be kept (`overload`). Never throws.
   */
  record: (request: HitRequest) => Promise<boolean>;
  /**
   * For a graceful stop: waits for hits being read, then stores every queued hit, trying
   * again while the database is unavailable, for at most `withinMs`.
   */
  close: (withinMs: number) => Promise<void>;
};

type IngestDependencies = {
  database: DatabaseHandle;
  config: Config;
  secret: string;
  log: Logger;
  /**
   * The site settings the ingest follows (read through the site's store): `visitorId`, and the
   * time zone whose calendar days the statistics count.
   */
  readSiteSettings: () => Promise<{ visitorId: VisitorIdSetting; timeZone: string }>;
  /** Whether the request's cookies belong to a signed-in owner, whose visits are not counted. */
  isSignedIn: (cookieHeader: string, at: number) => Promise<boolean>;
  now?: () => number;
};

/**
 * The page-view ingest (contract §2.4): filters robots, prefetches, Do Not Track and the
 * owner's own visits, validates the hit, keys the visitor without keeping an address, and
 * hands the hit to a batch writer. See docs/decisions/0016-stats-ingest.md.
 */
export function createStatsIngest(deps: IngestDependencies): StatsIngest {
  const { database, config, secret, log } = deps;
  const now = deps.now ?? Date.now;
  const batcher = new HitBatcher({ db: database.db, log });
  const salts = new DailySalts(database.db);
  const siteHost = new URL(config.siteUrl).hostname;
  let settings: { loadedAt: number; value: Promise<Settings> } | undefined;

  type Settings = Awaited<ReturnType<typeof loadSettings>>;
  async function loadSettings() {
    const [site, stats] = await Promise.all([
      deps.readSiteSettings(),
      readStatsSettings(database.db, log),
    ]);
    return { visitorId: site.visitorId, timeZone: site.timeZone, ...stats };
  }
  let lastLoaded: Settings | undefined;
  function currentSettings(at: number): Promise<Settings> {
    // Settings changes reach the ingest as they reach cached pages: within the version check.
    if (!settings || at - settings.loadedAt > config.cache.versionCheckMs) {
      const value = loadSettings().then((loaded) => {
        lastLoaded = loaded;
        return loaded;
      });
      settings = { loadedAt: at, value };
      value.catch(() => {
        if (settings?.value === value) settings = undefined;
      });
    }
    // While the database cannot be read, a hit is judged by the settings
    // read last rather than lost.
    const previous = lastLoaded;
    return previous ? settings.value.catch(() => previous) : settings.value;
  }

  /** What becomes of a request: a hit to store, or the reason it is not counted. */
  type Outcome = { hit: NewHit } | { day: number; drop: DropReason };

  async function judge(request: HitRequest): Promise<Outcome> {
    const at = now();
    const { headers } = request;
    const current = await currentSettings(at);
    const day = dayIn(at, current.timeZone);
    if (!current.enabled) return { day, drop: 'disabled' };
    const queryStart = request.url.indexOf('?');
    if (request.url.length - queryStart > hitLimits.queryLength) return { day, drop: 'too-long' };
    if (isPrefetch(headers)) return { day, drop: 'prefetch' };
    const userAgent = headers['user-agent'];
    if (isRobot(userAgent)) return { day, drop: 'robot' };
    if (current.respectDoNotTrack && asksNotToBeTracked(headers)) {
      return { day, drop: 'do-not-track' };
    }
    if (headers.cookie && (await deps.isSignedIn(headers.cookie, at))) {
      return { day, drop: 'owner' };
    }
    const requestHost = headers.host ? bareHost(headers.host.replace(/:\d+$/, '')) : siteHost;
    const hit = parseHit(new URLSearchParams(request.url.slice(queryStart + 1)), [
      siteHost,
      requestHost,
    ]);
    if ('problem' in hit) {
      log.debug('Dropped a page-view hit', { problem: hit.problem });
      return { day, drop: 'invalid' };
    }
    const visitorId = usableVisitorId(headers.cookie, current.visitorId);
    const visitor = visitorId
      ? cookieVisitorKey(secret, visitorId)
      : saltedVisitorKey(
          await salts.saltFor(day),
          clientAddress(
            (headers['x-forwarded-for'] as string | undefined) ?? null,
            request.socketAddress,
            config.trustedProxies,
          ),
          userAgent ?? '',
        );
    const row: NewHit = {
      at,
      day,
      type: hit.type,
      path: hit.path,
      title: hit.title,
      referrer: hit.referrer,
      referrer_host: hit.referrerHost,
      utm_source: hit.utm.utm_source,
      utm_medium: hit.utm.utm_medium,
      utm_campaign: hit.utm.utm_campaign,
      utm_term: hit.utm.utm_term,
      utm_content: hit.utm.utm_content,
      click_id: hit.clickId,
      screen_width: hit.screenWidth,
      screen_height: hit.screenHeight,
      viewport_width: hit.viewportWidth,
      viewport_height: hit.viewportHeight,
      charset: hit.charset,
      color_depth: hit.colorDepth,
      event_category: hit.event?.category ?? null,
      event_action: hit.event?.action ?? null,
      event_label: hit.event?.label ?? null,
      event_value: hit.event?.value ?? null,
      visitor,
    };
    return { hit: row };
  }

  /** `judge`, logging what went wrong rather than throwing: the hit is then not counted. */
  function judgeOrLog(request: HitRequest): Promise<Outcome | undefined> {
    return judge(request).catch((error: unknown) => {
      log.error('Could not record a page-view hit', {
        error: error instanceof Error ? error.stack : String(error),
      });
      return undefined;
    });
  }

  function store(outcome: Outcome | undefined): Promise<boolean> {
    if (!outcome) return Promise.resolve(false);
    return 'hit' in outcome ? batcher.add(outcome.hit) : batcher.drop(outcome.day, outcome.drop);
  }

  // Hits still being judged (waiting for the settings or the day's salt), so a shutdown that
  // flushes waits for them too and loses none.
  const judging = new Set<Promise<unknown>>();
  return {
    record: (request) => {
      const judged = judgeOrLog(request);
      judging.add(judged);
      void judged.then(() => judging.delete(judged));
      return settledWithin(judged.then(store), config.stats.batchMs);
    },
    close: async (withinMs) => {
      await Promise.all(judging);
      const lost = await batcher.drain(withinMs);
      if (lost > 0) log.error(`${lost} page-view hit(s) could not be stored before stopping`);
    },
  };
}

/** The promise's value if it settles within `ms`, otherwise false. */
function settledWithin(promise: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(resolve, ms, false);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
