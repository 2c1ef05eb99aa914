import { z } from 'zod';
import { statusFeatures, type ServiceState, type StatusFeature } from '../../shared/contract/realtime.js';
import type { MonitoredService } from './statusStore.js';

export const PINGDOM_API_URL = 'https://api.pingdom.com/api/3.1';

const pingdomChecksSchema = z.object({
  checks: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      status: z.string(),
      lasttesttime: z.number().optional(),
      lastresponsetime: z.number().optional(),
      tags: z.array(z.object({ name: z.string() })).optional(),
    }),
  ),
});

/** Pingdom's check states in ours: unconfirmed_down is its first failure, not yet an outage. */
const stateOf: Readonly<Record<string, ServiceState>> = {
  up: 'operational',
  unconfirmed_down: 'degraded',
  down: 'outage',
  paused: 'maintenance',
};

export interface PingdomReading {
  readonly service: MonitoredService;
  readonly state: ServiceState;
  readonly responseTimeMs: number | null;
  readonly checkedAt: Date;
}

/** A check tagged `feature-timetable` (or `feature:timetable`) stands behind that feature. */
function featureOf(tags: readonly { name: string }[]): StatusFeature | undefined {
  const names = tags.map((tag) => tag.name.toLowerCase().replace(':', '-'));
  return statusFeatures.find((feature) => names.includes(`feature-${feature}`));
}

/** Reads every check of the Pingdom account the token belongs to. Throws when Pingdom cannot be read. */
export async function readPingdomChecks(token: string, now: Date, baseUrl = PINGDOM_API_URL): Promise<PingdomReading[]> {
  const response = await fetch(`${baseUrl}/checks?include_tags=true`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`Pingdom answered ${response.status}`);
  const { checks } = pingdomChecksSchema.parse(await response.json());
  return checks.map((check) => ({
    service: { id: `pingdom-${check.id}`, name: check.name, feature: featureOf(check.tags ?? []) },
    state: stateOf[check.status] ?? 'unknown',
    responseTimeMs: check.lastresponsetime ?? null,
    checkedAt: check.lasttesttime ? new Date(check.lasttesttime * 1000) : now,
  }));
}
