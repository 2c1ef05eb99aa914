import autocannon from 'autocannon';
import { treeCpuMs } from './processCpu.js';

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
  /** CPU ms the measured process tree used per request (see processCpu.ts); 0 when not measured. */
  readonly cpuMsPerRequest: number;
}

/** autocannon: `connections` keep-alive connections for `seconds`, requests as the app's client sends them. */
export async function load(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string>; cpuOfPid?: number },
): Promise<LoadResult> {
  const cpuBefore = options.cpuOfPid ? treeCpuMs(options.cpuOfPid) : 0;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMsPerRequest: options.cpuOfPid && result.requests.total > 0 ? (treeCpuMs(options.cpuOfPid) - cpuBefore) / result.requests.total : 0,
  };
}
