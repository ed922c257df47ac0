/**
 * Runs tasks `limit` at a time, in the order given: `add` waits for a free place, so a stream
 * feeding it is read no faster than the tasks finish. The first task's error is thrown by the next
 * `add` or by `drain`.
 */
export function taskPool(limit: number) {
  const running = new Set<Promise<void>>();
  let failure: unknown;
  const check = () => {
    if (failure !== undefined) throw failure;
  };
  return {
    async add(task: () => Promise<void>): Promise<void> {
      check();
      while (running.size >= limit) await Promise.race(running);
      check();
      const promise: Promise<void> = task()
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async drain(): Promise<void> {
      await Promise.all(running);
      check();
    },
  };
}
