import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { createSession } from '../src/features/admin/server/sessions.ts';
import { createAdmin } from '../src/features/admin/server/users.ts';
import { sessionCookieName } from '../src/platform/cookies.ts';
import { connectDatabase } from '../src/platform/db/connect.ts';
import { chromiumLaunchOptions } from '../tests/support/chromium.ts';
import { measureViewport, pageWeightProblems, viewports } from '../tests/support/page-weight.ts';
import type { BenchContext, Benchmark, BenchOutcome } from './benchmark.ts';
import { checkTarget, formatKilobytes, formatLimit, targets } from './targets.ts';

/** The admin's screens, in the order an owner meets them: the dashboard first, after signing in. */
const screens = [
  { name: 'dashboard', path: '/admin' },
  { name: 'settings', path: '/admin/settings' },
  { name: 'post editor', path: '/admin/posts/new' },
  { name: 'forms', path: '/admin/forms' },
  { name: 'form builder', path: '/admin/forms/new' },
  { name: 'entries', path: '/admin/entries' },
  { name: 'subscribers', path: '/admin/subscribers' },
  { name: 'statistics', path: '/admin/stats' },
  { name: 'outbox', path: '/admin/outbox' },
] as const;

/**
 * What an administrator's browser downloads for each admin screen, cold cache, at the desktop
 * viewport: the admin's own bundle and the island chunks the screen loads (decision 0033).
 * Visitor pages are measured by pageWeight, unchanged by the admin.
 */
export const adminWeight: Benchmark = {
  name: 'adminWeight',
  async run(context: BenchContext): Promise<BenchOutcome> {
    const handle = connectDatabase({
      kind: 'sqlite',
      file: join(context.site.dataDir, 'quire.db'),
    });
    let token: string;
    try {
      const admin = await createAdmin(handle.db, {
        email: `bench-${Date.now()}@example.org`,
        password: 'a password only the bench knows',
      });
      token = await createSession(handle.db, admin.id);
    } finally {
      await handle.db.destroy();
    }
    const browser = await chromium.launch(chromiumLaunchOptions);
    const desktop = viewports[0]!;
    const measured = [];
    try {
      for (const screen of screens) {
        context.log(`admin weight: ${screen.path}`);
        measured.push(
          await measureViewport(browser, context.site.url, screen.path, screen.name, desktop, [
            { name: sessionCookieName, value: token },
          ]),
        );
      }
    } finally {
      await browser.close();
    }
    // The target is the admin's first load (issue 13): the dashboard, opened cold after signing
    // in. Later screens add their island's chunk to what the browser already holds.
    const [first] = measured;
    if (!first) throw new Error('No admin screen measured');
    const checks = [
      checkTarget(
        targets.adminFirstLoadJavaScript,
        `admin ${first.path}`,
        first.fullyLoaded.bytes.js,
      ),
    ];
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    return {
      results: { screens: measured },
      detail: {
        title: 'Admin screens — Chromium, 1280×800, cold cache, signed in',
        rows: [
          ['screen', 'path', 'requests', 'JS KB', 'CSS KB', 'HTML KB', 'total KB', 'result'],
          ...measured.map((weight, index) => [
            weight.page,
            weight.path,
            String(weight.fullyLoaded.requests),
            kb(weight.fullyLoaded.bytes.js),
            kb(weight.fullyLoaded.bytes.css),
            kb(weight.fullyLoaded.bytes.html),
            kb(weight.fullyLoaded.bytes.total),
            index === 0 ? (checks[0]!.pass ? 'PASS' : 'FAIL') : '',
          ]),
        ],
        notes: [
          'The dashboard is the first screen after signing in, and the target is its first load; the settings screen and the post editor (CodeMirror and its preview) are measured cold too, though they follow the dashboard, whose files the browser then holds. Sizes are response bodies as sent (gzip).',
          ...measured.map(
            (weight) =>
              `${weight.path}: ${weight.resources.map((resource) => `${resource.url} ${resource.kind} ${kb(resource.bodyBytes)}`).join(', ')}`,
          ),
        ],
      },
      summary: measured.map((weight, index) => ({
        subject: `admin ${weight.page} ${weight.path}`,
        metric: index === 0 ? 'JS transferred, first load' : 'JS transferred, cold cache',
        value: formatKilobytes(weight.fullyLoaded.bytes.js),
        ...(index === 0 ? { target: formatLimit(checks[0]!), pass: checks[0]!.pass } : {}),
      })),
      checks,
      problems: measured.flatMap(pageWeightProblems),
    };
  },
};
