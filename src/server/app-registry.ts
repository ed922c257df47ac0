import type { AppContext } from './boot.ts';

// The HTTP front (dist/front) and the Astro bundle each load their own copy of this module;
// the process-wide symbol lets both see the one context the front booted. Boot itself is
// imported lazily, so that the Astro bundle does not load a second copy of the whole app
// (its database, mail and migration modules) into every serving process.
const key = Symbol.for('quire.app-context');
type Holder = { [key]?: Promise<AppContext> };

export function registerAppContext(app: AppContext): void {
  (globalThis as Holder)[key] = Promise.resolve(app);
}

/** The booted context; under `astro dev`, where no front runs, boots one on first use. */
export function appContext(): Promise<AppContext> {
  const holder = globalThis as Holder;
  holder[key] ??= import('./boot.ts')
    .then(({ boot }) => boot())
    .then((app) => {
      app.mail.start();
      return app;
    });
  return holder[key];
}
