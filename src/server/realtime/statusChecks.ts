import { z } from 'zod';
import { statusFeatures } from '../../shared/contract/realtime.js';
import type { CheckResult } from './statusRules.js';

/** One entry of STATUS_CHECKS. */
export const statusCheckSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'id: letters, digits, _ . - only (at most 100)'),
  name: z.string().min(1).max(100),
  url: z.string().refine((text) => URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol), 'url: an http(s) URL'),
  feature: z.enum(statusFeatures).optional(),
  method: z.enum(['GET', 'HEAD']).optional(),
  /** The status a healthy answer has; unset: any 2xx or 3xx. */
  expectStatus: z.number().int().min(100).max(599).optional(),
  /** A check that takes longer fails; one that takes more than half of it is slow (degraded). */
  timeoutMs: z.number().int().positive().max(120_000).optional(),
});
export type StatusCheck = z.infer<typeof statusCheckSchema>;

export const statusChecksSchema = z.array(statusCheckSchema).refine((checks) => new Set(checks.map((c) => c.id)).size === checks.length, 'ids must be unique');

export const DEFAULT_CHECK_TIMEOUT_MS = 5000;

/** Requests the check's URL once and says what it saw. Never throws. */
export async function runCheck(check: StatusCheck): Promise<CheckResult> {
  const timeoutMs = check.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const started = performance.now();
  try {
    const response = await fetch(check.url, { method: check.method ?? 'GET', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), headers: { 'user-agent': 'CampusCompanion-StatusCheck' } });
    await response.body?.cancel();
    const elapsed = performance.now() - started;
    const isUp = check.expectStatus === undefined ? response.status >= 200 && response.status < 400 : response.status === check.expectStatus;
    return { isUp, isSlow: elapsed > timeoutMs / 2, responseTimeMs: Math.round(elapsed) };
  } catch {
    return { isUp: false, isSlow: false, responseTimeMs: null };
  }
}

/**
 * The demo's checks: the app's own health endpoint, once per feature, so the feed shows
 * something real (stop the database and they fail).
 */
export function demoChecks(host: string, port: number): StatusCheck[] {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = (service: string) => `http://${reachable}:${port}/api/health?service=${service}`;
  return [
    { id: 'timetable', name: 'Timetable', url: url('timetable'), feature: 'timetable' },
    { id: 'attendance', name: 'Attendance', url: url('attendance'), feature: 'attendance' },
    { id: 'resources', name: 'Resources', url: url('resources'), feature: 'resources' },
    { id: 'notifications', name: 'Notifications', url: url('notifications'), feature: 'notifications' },
  ];
}
