import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { serverEntry } from './server-entry.ts';
import { startStripeStandIn } from './stripe-stand-in.ts';

/**
 * The site the Playwright journeys drive (playwright.config.ts, webServer): starts it on an
 * empty data folder, and when Playwright stops it (SIGTERM), waits for the site's own graceful
 * stop and then deletes the folder, so that runs leave nothing behind in the temp directory.
 */
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must name the journeys’ data folder');
rmSync(dataDir, { recursive: true, force: true });

// Stripe's stand-in for the card journeys (payments.spec.ts): the site takes cards through it.
const stripe = await startStripeStandIn({ port: Number(process.env.E2E_STRIPE_PORT) });
const site = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', serverEntry], {
  stdio: 'inherit',
  env: {
    ...process.env,
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
    STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
    STRIPE_API_URL: stripe.url,
  },
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  // The site stops once however many times it is asked (a group signal reaches it as well).
  process.on(signal, () => site.kill(signal));
}
site.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
