import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
}

/** A bounded load against one loopback URL: fixed duration, fixed connections, then it stops. */
export async function load(
  url: string,
  options: {
    connections?: number;
    durationSeconds?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url))
    throw new Error('benchmarks target loopback only');
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.durationSeconds ?? 10,
    headers: options.headers ?? {},
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function rssMegabytes(): number {
  return Math.round(process.memoryUsage().rss / 1024 / 1024);
}

/** The run with the median throughput. */
export function median(runs: LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no runs');
  return middle;
}
