import type { MemoryLimit } from './memory-limit.ts';
import { serveMessages } from './serve-messages.ts';

/**
 * How the site serves within the memory it may use (decision 0068): how many worker processes,
 * each one's V8 heap limits, and how many renders each runs at once. Measured on the demo on two
 * cores, every process of `npm run serve` in one memory cgroup: a worker needs about 60 MB at
 * rest outside its old generation's garbage, the primary about 20 MB, npm's wrapper 11 MB.
 */
export type ServingPlan = {
  /** The memory it was planned for. */
  memory: MemoryLimit;
  workers: number;
  /** Each serving process's V8 flags, before the operator's own (which win). */
  v8Flags: string[];
  /** Each serving process's malloc settings, unless the operator set them (glibc reads them). */
  mallocEnv: Record<string, string>;
  /** The memory each worker was given, in MB. */
  workerMb: number;
  /** Renders one process runs at once; more wait in line, up to `rendersWaiting`. */
  rendersInFlight: number;
  rendersWaiting: number;
};

const megabyte = 1024 * 1024;
/** Kept for what runs beside the site in its cgroup (npm's wrapper, a shell) and the kernel's share. */
const besideMb = 24;
/** The primary, which only supervises the workers (decision 0031). */
const supervisorMb = 24;
/** Below this a worker cannot take load: fewer workers get more each. */
const smallestWorkerMb = 96;
/** At most this many workers, whatever the cores (decision 0009). */
const mostWorkers = 4;
/** From here on V8's own old-generation limit stands: it is far below what a worker has. */
const unlimitedHeapFromMb = 1024;
/**
 * Requests that may wait for a render, per render place: a burst several times what a worker
 * renders in a second waits rather than being refused; each waiting costs a few kilobytes.
 */
const waitingPerRender = 64;

/**
 * The plan for `memory` and `cores`. `requestedWorkers` is WEB_CONCURRENCY when set: it wins,
 * and the memory is shared among that many.
 */
export function planServing(
  memory: MemoryLimit,
  cores: number,
  requestedWorkers: number | undefined,
): ServingPlan {
  const totalMb = Math.floor(memory.bytes / megabyte);
  const shareFor = (workers: number) =>
    Math.floor((totalMb - besideMb - (workers > 1 ? supervisorMb : 0)) / workers);
  let workers = requestedWorkers ?? Math.max(1, Math.min(cores, mostWorkers));
  if (requestedWorkers === undefined) {
    while (workers > 1 && shareFor(workers) < smallestWorkerMb) workers--;
  }
  const workerMb = shareFor(workers);
  // V8 sizes the young generation from the machine's memory, up to two 64 MB semi-spaces that a
  // burst of renders fills and keeps. 4 MB each cost no CPU measurable against 8 or 16 (2.55
  // against 2.64 ms per uncached view, medians of 8 interleaved rounds with Maglev off) and keep
  // tens of megabytes less at 40 views a second (decisions 0031, 0068).
  // Maglev, V8's middle compiler, goes on compiling under a steady load; its code and the memory
  // of its threads cost a rendering worker 20-30 MB, while the pages' hot code is TurboFan's
  // either way: without it a worker renders as fast once warm (its first 20 s or so of full load
  // cost up to a quarter more CPU).
  const v8Flags = [
    '--max-semi-space-size=4',
    '--no-maglev',
    // After a full collection V8 lets the old generation grow to several times what survived:
    // at most doubling keeps that garbage down for about 5 % more CPU per uncached view (0031).
    // Growing by half keeps 10-20 MB less at 40 views a second (211-212 against 222-228 MB for
    // the whole site) for 1.05-1.08 times the CPU again: only where memory is tight (0068).
    `--heap-growing-percent=${workerMb < 160 ? 50 : 100}`,
  ];
  // The old generation may take three quarters of the worker's share: the rest is code, malloc'd
  // buffers and the young generation. Where the share is large V8's own limit is the lower.
  if (workerMb < unlimitedHeapFromMb) {
    v8Flags.push(`--max-old-space-size=${Math.max(64, Math.floor(workerMb * 0.75))}`);
  }
  const rendersInFlight = workerMb < 160 ? 2 : workerMb < 320 ? 4 : 8;
  // Node reads a socket into a fresh 64 KB block and a render passes its page through several
  // buffers of its size; V8 frees dead buffers only once tens of megabytes of them have gathered,
  // and glibc keeps the heap they grew. Blocks from 64 KB are mapped on their own and go back to
  // the system when freed, at no cost measurable. A lower threshold under a tight limit (32 KB
  // in 256 MB, where workers were once killed by the kernel) cost about 10 % more CPU per
  // uncached view and a tenth of the cached throughput; since the workers run without Maglev
  // they peak at 214 MB there without it (decision 0068).
  const mallocEnv = { MALLOC_MMAP_THRESHOLD_: '65536' };
  const rendersWaiting = rendersInFlight * waitingPerRender;
  return { memory, workers, v8Flags, mallocEnv, workerMb, rendersInFlight, rendersWaiting };
}

/** The start-up log's line for a plan. */
export function describePlan(plan: ServingPlan): string {
  const heap = plan.v8Flags.find((flag) => flag.startsWith('--max-old-space-size='));
  return serveMessages.memoryPlan({
    memoryMb: Math.round(plan.memory.bytes / megabyte).toLocaleString('en'),
    source: plan.memory.source,
    processes:
      plan.workers === 1 ? serveMessages.oneProcess : serveMessages.workerProcesses(plan.workers),
    several: plan.workers > 1,
    workerMb: plan.workerMb.toLocaleString('en'),
    heapLimitMb: heap?.split('=')[1],
    renders: plan.rendersInFlight,
  });
}
