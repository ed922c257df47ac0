import { Agent, request } from 'node:http';

export type FixedRateResult = {
  sent: number;
  answered: number;
  failed: number;
  /** Requests not sent on time because `maxInFlight` were still waiting. */
  skipped: number;
  latencyMs: { p50: number; p99: number; max: number };
  ratePerSecond: number;
};

/** The value at `fraction` (0–1) of sorted `values`. */
export function quantile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

/**
 * The times, from the start in ms, at which a load of `perSecond` requests a second sends
 * over `seconds`: evenly spaced, so that a slow answer never delays the next request.
 */
export function sendTimes(perSecond: number, seconds: number): number[] {
  const count = Math.round(perSecond * seconds);
  return Array.from({ length: count }, (_, index) => (index * 1000) / perSecond);
}

/**
 * `perSecond` GET requests a second to `url` for `seconds`, each sent on its time whatever the
 * answers before it (an open-loop load, as visitors arrive), over keep-alive connections, with at
 * most `maxInFlight` waiting at once. A non-2xx answer, an error or no answer in 10 s fails.
 */
export async function fixedRateLoad(
  url: string,
  perSecond: number,
  seconds: number,
  maxInFlight = 200,
): Promise<FixedRateResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: maxInFlight });
  const latencies: number[] = [];
  let answered = 0;
  let failed = 0;
  let skipped = 0;
  let inFlight = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  const one = () =>
    new Promise<void>((resolve) => {
      const sentAt = performance.now();
      inFlight++;
      const done = (ok: boolean) => {
        inFlight--;
        if (ok) {
          answered++;
          latencies.push(performance.now() - sentAt);
        } else failed++;
        resolve();
      };
      const req = request(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (res) => {
        res.resume();
        res.on('end', () => done((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300));
        res.on('error', () => done(false));
      });
      req.setTimeout(10_000, () => req.destroy());
      req.on('error', () => done(false));
      req.end();
    });
  for (const at of sendTimes(perSecond, seconds)) {
    const wait = started + at - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (inFlight >= maxInFlight) {
      skipped++;
      continue;
    }
    pending.push(one());
  }
  await Promise.all(pending);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const elapsedSeconds = (performance.now() - started) / 1000;
  return {
    sent: pending.length,
    answered,
    failed,
    skipped,
    latencyMs: {
      p50: Math.round(quantile(sorted, 0.5)),
      p99: Math.round(quantile(sorted, 0.99)),
      max: Math.round(sorted.at(-1) ?? 0),
    },
    ratePerSecond: Math.round((answered / elapsedSeconds) * 10) / 10,
  };
}
