import { describe, expect, it } from 'vitest';
import { RenderQueue } from './render-queue.ts';

/** A render that finishes when told to. */
function pendingRender(log: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    render: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
    },
    finish: () => finish(),
  };
}

describe('RenderQueue', () => {
  it('runs at most its limit at once, the rest in order as places free', async () => {
    const queue = new RenderQueue({ inFlight: 2, waiting: 5 });
    const log: string[] = [];
    const renders = ['a', 'b', 'c', 'd'].map((name) => pendingRender(log, name));
    const runs = renders.map(({ render }) => queue.run(render, () => true));
    expect(runs.every((run) => run !== undefined)).toBe(true);
    expect(log).toEqual(['start a', 'start b']);
    expect(queue.state).toEqual({ running: 2, waiting: 2 });
    renders[1]!.finish();
    await runs[1];
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    for (const { finish } of renders) finish();
    await Promise.all(runs);
    expect(log.filter((line) => line.startsWith('start'))).toEqual([
      'start a',
      'start b',
      'start c',
      'start d',
    ]);
    expect(queue.state).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses only when the line is full, running nothing for the refused request', async () => {
    const queue = new RenderQueue({ inFlight: 1, waiting: 1 });
    const log: string[] = [];
    const first = pendingRender(log, 'first');
    const second = pendingRender(log, 'second');
    const third = pendingRender(log, 'third');
    const runs = [queue.run(first.render, () => true), queue.run(second.render, () => true)];
    expect(queue.run(third.render, () => true)).toBe(undefined);
    first.finish();
    second.finish();
    await Promise.all(runs);
    expect(log).toEqual(['start first', 'end first', 'start second', 'end second']);
  });

  it('drops a waiting render whose client has gone, and starts the next', async () => {
    const queue = new RenderQueue({ inFlight: 1, waiting: 3 });
    const log: string[] = [];
    const first = pendingRender(log, 'first');
    const gone = pendingRender(log, 'gone');
    const last = pendingRender(log, 'last');
    const runs = [
      queue.run(first.render, () => true),
      queue.run(gone.render, () => false),
      queue.run(last.render, () => true),
    ];
    first.finish();
    last.finish();
    await Promise.all(runs);
    expect(log).toEqual(['start first', 'end first', 'start last', 'end last']);
  });

  it('frees its place when a render fails, and passes the failure on', async () => {
    const queue = new RenderQueue({ inFlight: 1, waiting: 1 });
    const failing = queue.run(
      async () => {
        throw new Error('render failed');
      },
      () => true,
    );
    await expect(failing).rejects.toThrow('render failed');
    expect(queue.state).toEqual({ running: 0, waiting: 0 });
  });
});
