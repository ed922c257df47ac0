import { readFileSync } from 'node:fs';
import { livingMembers } from '../tests/support/process-group.ts';

/** One process's proportional set size: its private pages plus its share of shared ones. */
export type ProcessMemory = { pid: number; parent: number; command: string; pssBytes: number };

/**
 * One process's memory now: its resident set and the kernel's record of its peak (VmHWM), and
 * its PSS where /proc/PID/smaps_rollup can be read (not under every container's settings).
 */
export type ProcessSample = {
  pid: number;
  parent: number;
  command: string;
  rssBytes: number;
  peakRssBytes: number;
  pssBytes: number | undefined;
};

const kilobytesOf = (text: string, field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]);

function sampleProcess(pid: number): ProcessSample | undefined {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    let pss: number | undefined;
    try {
      pss = kilobytesOf(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss');
    } catch {
      pss = undefined; // Not readable here; RSS still is.
    }
    const rss = kilobytesOf(status, 'VmRSS');
    if (!Number.isFinite(rss)) return undefined; // A zombie has no memory left.
    return {
      pid,
      parent,
      command,
      rssBytes: rss * 1024,
      peakRssBytes: (kilobytesOf(status, 'VmHWM') || rss) * 1024,
      pssBytes: pss !== undefined && Number.isFinite(pss) ? pss * 1024 : undefined,
    };
  } catch {
    return undefined; // Gone while we looked.
  }
}

function processMemory(pid: number): ProcessMemory | undefined {
  const sample = sampleProcess(pid);
  if (sample?.pssBytes === undefined) return undefined;
  const { parent, command, pssBytes } = sample;
  return { pid, parent, command, pssBytes };
}

/** Every living process of the group, with its PSS (Linux only). */
export function groupMemory(processGroup: number): ProcessMemory[] {
  return livingMembers(processGroup)
    .map(processMemory)
    .filter((entry): entry is ProcessMemory => entry !== undefined);
}

export type MemoryPeak = {
  /** The largest sum over the group seen in one sample. */
  peakTotalBytes: number;
  /** Each process at that sample. */
  atPeak: ProcessMemory[];
  samples: number;
};

/**
 * Samples the group's memory every `everyMs` until the result is called: the peak of the
 * sum, with what each process held at that moment.
 */
export function startMemorySampler(processGroup: number, everyMs = 200): () => MemoryPeak {
  let peak: MemoryPeak = { peakTotalBytes: 0, atPeak: [], samples: 0 };
  const sample = () => {
    const processes = groupMemory(processGroup);
    const total = processes.reduce((sum, entry) => sum + entry.pssBytes, 0);
    peak.samples++;
    if (total > peak.peakTotalBytes) peak = { ...peak, peakTotalBytes: total, atPeak: processes };
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

/** What each server process is: npm's wrapper, its shell, the primary or a worker. */
export function processRole<Entry extends { pid: number; parent: number; command: string }>(
  entry: Entry,
  group: Entry[],
): string {
  if (/(^|\/)sh -c /.test(entry.command)) return 'shell';
  if (!entry.command.includes('dist/front/main.mjs'))
    return /\bnpm\b/.test(entry.command) ? 'npm' : 'other';
  const parent = group.find((other) => other.pid === entry.parent);
  return parent && processRole(parent, group) === 'primary' ? 'worker' : 'primary';
}

/** A process's highest memory over a sampling: RSS (the kernel's own peak) and PSS. */
export type ProcessPeak = {
  pid: number;
  parent: number;
  command: string;
  peakRssBytes: number;
  /** Undefined where smaps_rollup could not be read. */
  peakPssBytes: number | undefined;
};

export type ProcessTreePeaks = {
  /** Every process seen in the group, with its own peak. */
  processes: ProcessPeak[];
  /** The largest sums over the group in one sample. */
  peakTotalRssBytes: number;
  peakTotalPssBytes: number | undefined;
  samples: number;
};

/**
 * Samples every process of the group every `everyMs` until the result is called: each one's
 * own peak (to tell the process that did the work from the others), and the group's.
 */
export function startProcessPeaks(processGroup: number, everyMs = 200): () => ProcessTreePeaks {
  const peaks = new Map<number, ProcessPeak>();
  let totalRss = 0;
  let totalPss: number | undefined;
  let samples = 0;
  const sample = () => {
    const now = livingMembers(processGroup)
      .map(sampleProcess)
      .filter((entry): entry is ProcessSample => entry !== undefined);
    samples++;
    for (const entry of now) {
      const seen = peaks.get(entry.pid);
      const pss = [seen?.peakPssBytes, entry.pssBytes].filter((bytes) => bytes !== undefined);
      peaks.set(entry.pid, {
        pid: entry.pid,
        parent: entry.parent,
        command: entry.command,
        peakRssBytes: Math.max(seen?.peakRssBytes ?? 0, entry.rssBytes, entry.peakRssBytes),
        peakPssBytes: pss.length ? Math.max(...pss) : undefined,
      });
    }
    totalRss = Math.max(
      totalRss,
      now.reduce((sum, entry) => sum + entry.rssBytes, 0),
    );
    if (now.length && now.every((entry) => entry.pssBytes !== undefined)) {
      const sum = now.reduce((total, entry) => total + (entry.pssBytes ?? 0), 0);
      totalPss = Math.max(totalPss ?? 0, sum);
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return () => {
    clearInterval(timer);
    sample();
    return {
      processes: [...peaks.values()],
      peakTotalRssBytes: totalRss,
      peakTotalPssBytes: totalPss,
      samples,
    };
  };
}
