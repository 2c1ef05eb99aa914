import type { ServiceState } from '../../shared/contract/realtime.js';

/** What one run of a check saw. */
export interface CheckResult {
  readonly isUp: boolean;
  /** Up, but slower than the check allows. */
  readonly isSlow: boolean;
  readonly responseTimeMs: number | null;
}

/** Failures in a row that confirm an outage (one alone is only degraded, as Pingdom's unconfirmed_down). */
export const FAILURES_FOR_OUTAGE = 2;

/** The state a check result leads to, given the failures in a row before it. */
export function nextCheckState(previousFailures: number, result: CheckResult): { state: ServiceState; failures: number } {
  if (result.isUp) return { state: result.isSlow ? 'degraded' : 'operational', failures: 0 };
  const failures = previousFailures + 1;
  return { state: failures >= FAILURES_FOR_OUTAGE ? 'outage' : 'degraded', failures };
}
