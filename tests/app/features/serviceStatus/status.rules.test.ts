import { describe, expect, it } from 'vitest';
import type { ServiceStatus } from '../../../../src/shared/contract/realtime';
import { featureNotice, problemFor, worstState } from '../../../../src/app/features/serviceStatus/status.rules';

const base: ServiceStatus = {
  id: 'a',
  name: 'A',
  feature: 'timetable',
  state: 'operational',
  since: '2026-11-23T09:00:00Z',
  lastCheckedAt: null,
  responseTimeMs: null,
  maintenance: null,
};
const hhmm = (iso: string) => iso.slice(11, 16);

describe('service status rules', () => {
  it('picks the worst state, an outage above everything and unknown below any real problem', () => {
    expect(worstState([])).toBeUndefined();
    expect(worstState([{ ...base }, { ...base, state: 'unknown' }])).toBe('unknown');
    expect(worstState([{ ...base, state: 'unknown' }, { ...base, state: 'maintenance' }])).toBe('maintenance');
    expect(worstState([{ ...base, state: 'outage' }, { ...base, state: 'degraded' }])).toBe('outage');
  });

  it('finds a feature’s problem, ignoring other features and services that are fine or not yet known', () => {
    const statuses: ServiceStatus[] = [
      { ...base, id: 'x', state: 'unknown' },
      { ...base, id: 'y', feature: 'attendance', state: 'outage' },
      { ...base, id: 'z', state: 'degraded' },
    ];
    expect(problemFor(statuses, 'timetable')?.id).toBe('z');
    expect(problemFor(statuses, 'resources')).toBeUndefined();
    expect(problemFor(undefined, 'timetable')).toBeUndefined();
  });

  it('words the notice calmly, with the time of the copy on this device', () => {
    expect(featureNotice({ ...base, state: 'outage' }, 'timetable', '09:12', hhmm)).toBe(
      'The timetable service is having problems. You are seeing your copy from 09:12.',
    );
    expect(featureNotice({ ...base, state: 'degraded' }, 'timetable', undefined, hhmm)).toBe('The timetable service is having problems.');
    const maintenance = { ...base, state: 'maintenance' as const, maintenance: { message: 'Upgrading the timetable system.', until: '2026-11-23T10:00:00Z' } };
    expect(featureNotice(maintenance, 'timetable', '09:12', hhmm)).toBe(
      'The timetable service is under maintenance until 10:00: Upgrading the timetable system. You are seeing your copy from 09:12.',
    );
  });
});
