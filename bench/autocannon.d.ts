/** The part of autocannon's programmatic API that load.ts uses (the package ships no types). */
declare module 'autocannon' {
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** stop after this many requests instead of after `duration` */
    amount?: number;
    requests?: Array<RequestParams & { setupRequest?: (req: RequestParams) => RequestParams }>;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
