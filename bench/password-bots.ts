import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { issueFormToken } from '../src/features/forms/server/form-token.ts';
import { saveForm } from '../src/features/forms/server/forms-store.ts';
import { connectDatabase } from '../src/platform/db/connect.ts';
import type { BenchContext, Benchmark, BenchOutcome } from './benchmark.ts';
import { checkTarget, targets } from './targets.ts';

const secret = 'password-bots-bench-secret-0123456789abcd';
const bots = 40;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * A public form with a password field under a burst of bot posts, each from its own address
 * (issue 28, point 14): while the 40 posts arrive, how long the same process takes to answer a
 * static file. Hashing each password with scrypt on the event loop stalled it for seconds;
 * off the event loop, the file is answered as fast as before the burst.
 */
export const passwordBots: Benchmark = {
  name: 'passwordBots',
  async run(context: BenchContext): Promise<BenchOutcome> {
    // One serving process: the burst and the static file meet in it.
    const site = await context.startSite({
      QUIRE_SECRET: secret,
      TRUST_PROXY: '1',
      WEB_CONCURRENCY: '1',
    });
    const handle = connectDatabase({ kind: 'sqlite', file: join(site.dataDir, 'quire.db') });
    try {
      const formId = (
        await saveForm(handle, {
          title: 'Member sign-up',
          fields: [
            { id: 1, type: 'text', label: 'Name', required: true },
            { id: 2, type: 'password', label: 'Password', required: true },
          ],
        })
      ).id;
      const home = await (await fetch(`${site.url}/`)).text();
      const stylesheet = /href="(\/_astro\/[^"]+\.css)"/.exec(home)?.[1] ?? '/favicon.svg';
      const timeStatic = async () => {
        const started = performance.now();
        await (await fetch(`${site.url}${stylesheet}`)).arrayBuffer();
        return performance.now() - started;
      };
      const now = Math.floor(Date.now() / 1000);
      const post = (n: number) => {
        const body = new FormData();
        const fields: Record<string, string> = {
          action: 'qforms_submit',
          'qforms[id]': String(formId),
          'qforms[token]': issueFormToken(secret, formId, Date.now() - 60_000).token,
          'qforms[submission_id]': `password-bot-${n}-0123456789`,
          'qforms[fields][1]': `Bot ${n}`,
          'qforms[fields][2]': `a password of bot ${n} that is long enough`,
          start_timestamp: String(now - 60),
          end_timestamp: String(now),
        };
        for (const [name, value] of Object.entries(fields)) body.append(name, value);
        return fetch(`${site.url}/ajax`, {
          method: 'POST',
          body,
          headers: { origin: site.url, 'x-forwarded-for': `198.51.100.${n + 10}` },
        }).then((response) => response.status);
      };
      // One post first: the password rules' dictionaries load once per process, on first use.
      await post(bots);
      const quiet: number[] = [];
      for (let i = 0; i < 40; i++) quiet.push(await timeStatic());
      context.log(`password bots: ${bots} posts at once, ${stylesheet} timed meanwhile`);
      let burstDone = false;
      const burst = Promise.all(Array.from({ length: bots }, (_, n) => post(n))).finally(() => {
        burstDone = true;
      });
      const during: number[] = [];
      while (!burstDone) during.push(await timeStatic());
      const statuses = await burst;
      quiet.sort((a, b) => a - b);
      during.sort((a, b) => a - b);
      const worst = during.at(-1) ?? 0;
      const subject = `static file during ${bots} password posts`;
      const stall = checkTarget(targets.passwordBotsStaticStall, subject, worst);
      const stored = statuses.filter((status) => status === 200).length;
      const row = (label: string, times: number[]) => [
        label,
        String(times.length),
        percentile(times, 50).toFixed(1),
        percentile(times, 95).toFixed(1),
        (times.at(-1) ?? 0).toFixed(1),
      ];
      return {
        results: { quiet, during, statuses },
        detail: {
          title: `A static file while ${bots} bot posts with a password arrive (one process)`,
          rows: [
            ['when', 'requests', 'p50 ms', 'p95 ms', 'max ms'],
            row('quiet', quiet),
            row(`during ${bots} posts`, during),
          ],
          notes: [
            `${stored} of ${bots} posts stored, their passwords hashed off the event loop (two at a time).`,
            'Hashed on the event loop before (scryptSync), 40 posts stalled the process for about 3.2 s.',
          ],
        },
        summary: [
          {
            subject,
            metric: 'slowest answer',
            value: `${worst.toFixed(1)} ms`,
            target: `≤ ${targets.passwordBotsStaticStall.limit} ms`,
            pass: stall.pass,
          },
        ],
        checks: [stall],
        problems: stored === bots ? [] : [`${bots - stored} of ${bots} bot posts were not stored`],
      };
    } finally {
      await handle.db.destroy();
      await site.stop();
    }
  },
};
