import { type AppContext, boot } from './boot.ts';

// The HTTP front (run by Node from source) and the Astro bundle each load their own copy of
// this module; the process-wide symbol lets both see the one context the front booted.
const key = Symbol.for('quire.app-context');
type Holder = { [key]?: Promise<AppContext> };

export function registerAppContext(app: AppContext): void {
  (globalThis as Holder)[key] = Promise.resolve(app);
}

/** The booted context; under `astro dev`, where no front runs, boots one on first use. */
export function appContext(): Promise<AppContext> {
  const holder = globalThis as Holder;
  holder[key] ??= boot().then((app) => {
    app.mail.start();
    return app;
  });
  return holder[key];
}
