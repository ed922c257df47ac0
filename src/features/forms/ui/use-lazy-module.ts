import { useEffect, useState } from 'react';

const loaded = new Map<() => Promise<unknown>, unknown>();

/**
 * A field's enhanced widget or library, loaded with a dynamic import once `wanted` (the
 * field's page is shown, after hydration), so a form loads only the code its fields use and
 * a contact form none of it. Until then, and without JavaScript, the field shows its plain
 * HTML input, which the server renders alike.
 */
export function useLazyModule<T>(load: () => Promise<T>, wanted: boolean): T | undefined {
  const [module, setModule] = useState<T | undefined>(() => loaded.get(load) as T | undefined);
  useEffect(() => {
    if (!wanted || module !== undefined) return;
    let live = true;
    load()
      .then((m) => {
        loaded.set(load, m);
        if (live) setModule(() => m);
      })
      .catch((error: unknown) => console.error('A form widget could not be loaded', error));
    return () => {
      live = false;
    };
  }, [load, wanted, module]);
  return module;
}
