import { readFileSync } from 'node:fs';

/** A process's resident set (VmRSS of /proc/<pid>/status), in bytes; 0 when it cannot be read (not Linux, or gone). */
export function rssBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export interface RssSampler {
  /** Samples so far, in bytes, with their performance.now() times. */
  readonly samples: readonly { readonly at: number; readonly bytes: number }[];
  /** The largest sample since `from` (performance.now()). */
  maxSince(from: number): number;
  /** The median of the samples in [from, to]. */
  medianBetween(from: number, to: number): number;
  stop(): void;
}

/** Samples the RSS of `pid` every `everyMs`. */
export function sampleRss(pid: number, everyMs = 250): RssSampler {
  const samples: { at: number; bytes: number }[] = [];
  const take = () => {
    const bytes = rssBytes(pid);
    if (bytes > 0) samples.push({ at: performance.now(), bytes });
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    maxSince: (from) => Math.max(0, ...samples.filter((s) => s.at >= from).map((s) => s.bytes)),
    medianBetween(from, to) {
      const sorted = samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.bytes).sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)] ?? 0;
    },
    stop: () => {
      take();
      clearInterval(timer);
    },
  };
}
