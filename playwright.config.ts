import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/chromium.ts';
import { e2eProjects, e2eSite } from './tests/support/e2e-sites.ts';
import { siteCookie } from './tests/support/site-cookie.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Desktop and phone journeys run side by side, each project on its own site and one at a time
  // there (journeys change the settings and count what they stored): see tests/support/e2e-sites.ts.
  workers: e2eProjects.length,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  // A whole journey's budget, for a machine busy with other work (three test runs at once take
  // a journey of many pages past 30 s); each step keeps its own 5 s expectation timeout, so a
  // hang still fails at that step.
  timeout: 90_000,
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
    // Every journey is a returning visitor who has seen the follow pop-up (the demo shows it
    // after 20 s or at the end of a page, and it is modal) and declined the consent banner (it
    // sits at the bottom of every page); share.spec.ts and stats.spec.ts choose their own.
    storageState: {
      cookies: [siteCookie('qshare_popup', '1'), siteCookie('quire_consent', 'denied')],
      origins: [],
    },
  },
  projects: [
    {
      name: 'desktop',
      workers: 1,
      use: { baseURL: siteUrl('desktop'), viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      workers: 1,
      use: {
        baseURL: siteUrl('phone'),
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
  ],
  webServer: e2eProjects.map(webServer),
});

function siteUrl(project: string): string {
  return `http://127.0.0.1:${e2eSite(project).port}`;
}

function webServer(project: string) {
  const { port, stripePort, dataDir } = e2eSite(project);
  return {
    name: project,
    command: 'node --disable-warning=ExperimentalWarning tests/support/e2e-server.ts',
    // Stopped as a service manager would, so that it deletes its data folder after itself.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
    url: `${siteUrl(project)}/robots.txt`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, 'quire.db')}`,
      CACHE_VERSION_CHECK_MS: '0',
      LOG_LEVEL: 'warn',
      // Every form journey posts from 127.0.0.1; the default (10 a minute) would refuse them.
      FORM_SUBMISSIONS_PER_MINUTE: '1000',
      // Journeys that meet rate limits tell their clients apart with X-Forwarded-For.
      TRUST_PROXY: '1',
      E2E_STRIPE_PORT: String(stripePort),
    },
  };
}
