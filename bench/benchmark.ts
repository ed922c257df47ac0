import type { TestServer } from '../tests/support/test-server.ts';
import type { TargetCheck } from './targets.ts';

/** A page every benchmark measures, e.g. the home page and one post. */
export type BenchPage = { name: string; path: string };

export type BenchContext = {
  /** The built site with its defaults (page cache on), demo content, its own database. */
  site: TestServer;
  pages: BenchPage[];
  /** Length of each timed load run, seconds (`BENCH_SECONDS`). */
  seconds: number;
  /** Starts another built site with these environment overrides; stopped after the run. */
  startSite: (
    env: Record<string, string>,
    options?: { via?: 'node' | 'npm' },
  ) => Promise<TestServer>;
  log: (message: string) => void;
};

/** A text table: the first row is the header. */
export type TextTable = { title: string; rows: string[][]; notes: string[] };

/** One line of the closing summary; `pass` is set when the line is checked against a target. */
export type SummaryLine = {
  subject: string;
  metric: string;
  value: string;
  target?: string;
  pass?: boolean;
};

export type BenchOutcome = {
  /** Written as is to bench/results/latest.json under the benchmark's name. */
  results: unknown;
  detail: TextTable;
  summary: SummaryLine[];
  checks: TargetCheck[];
  /** Anything that makes the figures suspect (errors under load, failed requests, page errors). */
  problems: string[];
};

export type Benchmark = {
  name: string;
  /** False for a benchmark that makes its own data: the built site is then not started for it. */
  needsSite?: boolean;
  run: (context: BenchContext) => Promise<BenchOutcome>;
};
