import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ). */
const clockTicksPerSecond = 100;

type Snapshot = {
  at: number;
  clientMs: number;
  /** CPU time per process, from /proc; undefined where there is no /proc. */
  processes: Map<number, { parent: number; ms: number }> | undefined;
};

/** CPU used over a period, in percent of one core (200 = two cores fully busy). */
export type CpuUsage = {
  /** This process: the load generator, or the browser driver. */
  client: number;
  /** Its descendants: the servers under test with their workers (and Chromium while it runs). */
  server: number | undefined;
  /** Other user processes on the machine; high values make the figures unreliable. */
  others: number | undefined;
  cores: number;
};

/** The kernel's own threads descend from kthreadd (pid 2); their work is not "other load". */
const kernelThreadParent = 2;

function processTimes(): Map<number, { parent: number; ms: number }> | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  const times = new Map<number, { parent: number; ms: number }>();
  for (const entry of entries) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // After "pid (comm) ": state, ppid, …, utime (14th field), stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    times.set(Number(entry), {
      parent: Number(fields[1]),
      ms: (ticks * 1000) / clockTicksPerSecond,
    });
  }
  return times;
}

function snapshot(): Snapshot {
  const { user, system } = process.cpuUsage();
  return { at: performance.now(), clientMs: (user + system) / 1000, processes: processTimes() };
}

/** Whether `pid` descends from this process (the server, its workers, Chromium). */
function isDescendant(pid: number, processes: Map<number, { parent: number }>): boolean {
  for (let current = processes.get(pid)?.parent; current !== undefined && current > 1; ) {
    if (current === process.pid) return true;
    current = processes.get(current)?.parent;
  }
  return false;
}

/** CPU time spent between two snapshots by this process's descendants and by everyone else. */
function splitOthers(start: Snapshot, end: Snapshot) {
  if (!start.processes || !end.processes) return undefined;
  let children = 0;
  let others = 0;
  for (const [pid, { parent, ms }] of end.processes) {
    if (pid === process.pid || pid === kernelThreadParent || parent === kernelThreadParent) {
      continue;
    }
    const used = ms - (start.processes.get(pid)?.ms ?? 0);
    if (isDescendant(pid, end.processes)) children += used;
    else others += used;
  }
  return { children, others };
}

/** Starts measuring; call the result to get the usage since. */
export function startCpuMeter(): () => CpuUsage {
  const start = snapshot();
  return () => {
    const end = snapshot();
    const wallMs = Math.max(1, end.at - start.at);
    const percent = (ms: number) => Math.round((ms / wallMs) * 100);
    const split = splitOthers(start, end);
    return {
      client: percent(end.clientMs - start.clientMs),
      server: split && percent(split.children),
      others: split && percent(split.others),
      cores: cpus().length,
    };
  };
}

/** How busy the rest of the machine is over `ms` milliseconds. */
export async function otherCpuLoad(ms: number): Promise<CpuUsage> {
  const stop = startCpuMeter();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return stop();
}
