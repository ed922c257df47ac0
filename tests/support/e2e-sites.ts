import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The journeys' sites: one per Playwright project, each with its own port, data folder and
 * Stripe stand-in, so that the desktop and phone journeys run side by side (one worker each)
 * without meeting each other's settings, entries or rate limits. E2E_PORT is the desktop
 * site's port; each site takes two ports (the site's, then its stand-in's).
 */
export const e2eProjects = ['desktop', 'phone'] as const;
export type E2eProject = (typeof e2eProjects)[number];

export interface E2eSite {
  port: number;
  stripePort: number;
  dataDir: string;
}

const basePort = Number(process.env.E2E_PORT ?? 4399);
// Workers load the config again under their own pid; the runner's choice of folders reaches them
// through the environment. Each site deletes its own folder when it stops.
process.env.QUIRE_E2E_DATA_PREFIX ??= join(tmpdir(), `quire-e2e-${process.pid}`);
const dataPrefix = process.env.QUIRE_E2E_DATA_PREFIX;

export function e2eSite(project: string): E2eSite {
  const index = e2eProjects.indexOf(project as E2eProject);
  if (index < 0) throw new Error(`No journeys' site for the project “${project}”`);
  const port = basePort + 2 * index;
  return { port, stripePort: port + 1, dataDir: `${dataPrefix}-${project}` };
}
