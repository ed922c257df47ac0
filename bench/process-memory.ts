import { readFileSync } from 'node:fs';
import { livingMembers } from '../tests/support/process-group.ts';

/** One process's proportional set size: its private pages plus its share of shared ones. */
export type ProcessMemory = { pid: number; parent: number; command: string; pssBytes: number };

function processMemory(pid: number): ProcessMemory | undefined {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kilobytes = Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1]);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isFinite(kilobytes)
      ? { pid, parent, command, pssBytes: kilobytes * 1024 }
      : undefined;
  } catch {
    return undefined; // Gone while we looked.
  }
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
export function processRole(entry: ProcessMemory, group: ProcessMemory[]): string {
  if (/(^|\/)sh -c /.test(entry.command)) return 'shell';
  if (!entry.command.includes('dist/front/main.mjs'))
    return /\bnpm\b/.test(entry.command) ? 'npm' : 'other';
  const parent = group.find((other) => other.pid === entry.parent);
  return parent && processRole(parent, group) === 'primary' ? 'worker' : 'primary';
}
