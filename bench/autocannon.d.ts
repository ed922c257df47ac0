// The part of autocannon's API the benchmarks use (the package ships no type declarations).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  /** What `setupRequest` gets and returns: the request about to be built. */
  export type RequestParams = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  };

  /** One step of a connection's request sequence; the context is the connection's own. */
  export type RequestStep = RequestParams & {
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string | string[]>,
    ) => void;
  };

  export type Options = {
    url: string;
    body?: string | Buffer;
    requests?: RequestStep[];
    connections?: number;
    duration?: number;
    timeout?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    title?: string;
  };

  /** Percentiles are keyed like `p99`, `p97_5`, `p99_9`. */
  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total?: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    [percentile: `p${string}`]: number;
  };

  export type Result = {
    title?: string;
    url: string;
    connections: number;
    duration: number;
    start: Date;
    finish: Date;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram & { totalCount: number };
    requests: Histogram & { total: number; sent: number };
    throughput: Histogram & { total: number };
  };

  export type Instance = EventEmitter & PromiseLike<Result> & { stop: () => void };

  export default function autocannon(options: Options): Instance;
}
