import { readdirSync, readFileSync } from 'node:fs';

/** The processes of a process group that are still running (zombies excluded), from /proc. */
export function livingMembers(processGroup: number): number[] {
  const members: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // Gone while we looked.
    }
    // pid (comm) state ppid pgrp …; comm may hold spaces and brackets, so read after the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === processGroup && state !== 'Z') members.push(Number(name));
  }
  return members;
}

/**
 * Sends a signal to a whole process group, as systemd, Docker and Kubernetes do, and waits
 * until none of its processes runs any more.
 */
export async function signalGroupAndWait(
  processGroup: number,
  signal: NodeJS.Signals,
  options: { timeoutMs: number },
): Promise<void> {
  process.kill(-processGroup, signal);
  const deadline = Date.now() + options.timeoutMs;
  while (livingMembers(processGroup).length > 0) {
    if (Date.now() > deadline) {
      throw new Error(
        `Process group ${processGroup} still runs ${livingMembers(processGroup).join(', ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
