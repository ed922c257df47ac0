/** What `npm run serve` tells the operator as it starts (the start-up log). */
export const serveMessages = {
  serving: (siteUrl: string, listening: string, processes: string) =>
    `Quire is serving ${siteUrl} (listening on ${listening}, ${processes})`,
  oneProcess: 'one process',
  workerReplaced: (pid: number, seconds: string) =>
    `Worker ${pid} is serving in place of the one that stopped, ${seconds} s after it started`,
  workerProcesses: (workers: number) => `${workers} worker processes`,
  memoryPlan: (fields: {
    memoryMb: string;
    source: string;
    processes: string;
    /** Whether the processes are more than one ("each" then follows each figure). */
    several: boolean;
    workerMb: string;
    heapLimitMb: string | undefined;
    renders: number;
  }) => {
    const each = fields.several ? ' each' : '';
    const heap = fields.heapLimitMb ? ` with a ${fields.heapLimitMb} MB heap limit` : '';
    return `Memory: ${fields.memoryMb} MB (${fields.source}); ${fields.processes} of about ${fields.workerMb} MB${each}${heap}, ${fields.renders} renders at a time${each} (more wait in line)`;
  },
} as const;
