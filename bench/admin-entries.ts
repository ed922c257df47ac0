import { join } from 'node:path';
import { createSession } from '../src/features/admin/server/sessions.ts';
import { createAdmin } from '../src/features/admin/server/users.ts';
import { sessionCookieName } from '../src/platform/cookies.ts';
import { connectDatabase } from '../src/platform/db/connect.ts';
import type { BenchContext, Benchmark, BenchOutcome } from './benchmark.ts';
import { checkTarget, formatInteger, formatLimit, targets } from './targets.ts';

const totalEntries = 100_000;
const warmUp = 20;
const timedRequests = 200;

type Timing = { p50: number; p95: number; worst: number };

function percentiles(runsMs: number[]): Timing {
  const sorted = [...runsMs].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
  return { p50: at(0.5), p95: at(0.95), worst: sorted.at(-1) as number };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * The admin's entries list on a site with 100,000 entries (SQLite, the built server with its
 * defaults): a signed-in owner's requests over HTTP, one after another, for the first page, a
 * page deep in the list, a search of the answers and the spam filter; p95 of 200 each.
 */
export const adminEntries: Benchmark = {
  name: 'adminEntries',
  needsSite: false,
  async run(context: BenchContext): Promise<BenchOutcome> {
    const site = await context.startSite({});
    const database = connectDatabase({ kind: 'sqlite', file: join(site.dataDir, 'quire.db') });
    try {
      const { db } = database;
      const admin = await createAdmin(db, {
        name: 'Bench',
        email: 'bench@example.org',
        password: 'a long and careful password',
      });
      const cookie = `${sessionCookieName}=${await createSession(db, admin.id)}`;
      context.log(`admin entries: seeding ${formatInteger(totalEntries)} entries`);
      const start = Date.UTC(2026, 0, 1);
      for (let first = 0; first < totalEntries; first += 1000) {
        const rows = [];
        for (let n = first; n < first + 1000; n++) {
          const spam = n % 20 === 0;
          rows.push({
            form_id: (n % 3) + 1,
            status: spam ? ('spam' as const) : ('entry' as const),
            spam_reason: spam ? 'honeypot' : null,
            fields: JSON.stringify([
              { id: 1, type: 'text', label: 'Name', value: `Sender ${n}` },
              { id: 2, type: 'email', label: 'Email', value: `sender${n}@example.org` },
              {
                id: 3,
                type: 'textarea',
                label: 'Message',
                value: `${n % 50 === 0 ? 'Question about sourdough. ' : ''}Hello, this is message ${n}, with a few more words to make it as long as a real one.`,
              },
            ]),
            page_url: '/contact/',
            visitor_id: `visitor-${n % 5000}`,
            user_agent: 'Mozilla/5.0 (bench)',
            started_at: start + n * 60_000 - 30_000,
            submitted_at: start + n * 60_000,
            created_at: start + n * 60_000,
            fingerprint: `bench-entry-${n}`,
          });
        }
        await db.insertInto('form_entries').values(rows).execute();
      }
      // Everything seen, as after the owner's visit: the badge costs what it does every day.
      await db.updateTable('users').set({ entries_seen_id: totalEntries }).execute();
      const deep = await db
        .selectFrom('form_entries')
        .select('id')
        .orderBy('id', 'asc')
        .offset(1000)
        .limit(1)
        .executeTakeFirstOrThrow();
      const requests = [
        { name: 'first page', path: '/admin/entries' },
        { name: 'a page 98,000 entries in', path: `/admin/entries?before=${deep.id}` },
        { name: 'search "sourdough"', path: '/admin/entries?view=all&q=sourdough' },
        { name: 'spam filter', path: '/admin/entries?view=spam' },
      ];
      const problems: string[] = [];
      const timings: { name: string; timing: Timing }[] = [];
      for (const request of requests) {
        const runsMs: number[] = [];
        for (let i = 0; i < warmUp + timedRequests; i++) {
          const started = performance.now();
          const response = await fetch(`${site.url}${request.path}`, { headers: { cookie } });
          const html = await response.text();
          const elapsed = performance.now() - started;
          if (response.status !== 200 || !html.includes('href="/admin/entries/')) {
            problems.push(`admin entries: ${request.name} answered ${response.status}`);
            break;
          }
          if (i >= warmUp) runsMs.push(elapsed);
        }
        const timing = percentiles(runsMs);
        timings.push({ name: request.name, timing });
        context.log(
          `      ${request.name}: p50 ${ms(timing.p50)}, p95 ${ms(timing.p95)}, worst ${ms(timing.worst)}`,
        );
      }
      const checks = timings.map(({ name, timing }) =>
        checkTarget(targets.entriesListP95, `entries list, ${name}`, timing.p95),
      );
      return {
        results: { entries: totalEntries, requests: timedRequests, timings },
        detail: {
          title: `Admin entries list — ${formatInteger(totalEntries)} entries, SQLite, ${timedRequests} requests each over HTTP`,
          rows: [
            ['request', 'p50', 'p95', 'worst', 'target', 'result'],
            ...timings.map(({ name, timing }, index) => [
              name,
              ms(timing.p50),
              ms(timing.p95),
              ms(timing.worst),
              formatLimit(checks[index] ?? checks[0]!),
              checks[index]?.pass ? 'PASS' : 'FAIL',
            ]),
          ],
          notes: [
            'A signed-in owner, one request at a time after 20 warm-up requests: the whole page (session, sidebar badge, filters, 50 rows with their form and answers, the count) rendered by the built server with its defaults.',
            'Entries: 3 forms, 1 in 20 spam, 1 in 50 with "sourdough" in its message.',
          ],
        },
        summary: timings.map(({ name, timing }, index) => ({
          subject: `entries list, ${formatInteger(totalEntries)} entries`,
          metric: `${name}, p95`,
          value: ms(timing.p95),
          target: formatLimit(checks[index] ?? checks[0]!),
          pass: checks[index]?.pass ?? false,
        })),
        checks,
        problems,
      };
    } finally {
      await database.db.destroy();
      await site.stop();
    }
  },
};
