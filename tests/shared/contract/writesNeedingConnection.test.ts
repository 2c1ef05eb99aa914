import { describe, expect, it } from 'vitest';
import '../../../src/app/startup/registeredMutations';
import { allMutations } from '../../../src/app/sync/mutation';
import { allRoutes } from '../../../src/shared/contract';
import { isQueuedOffline, type RouteDescriptor } from '../../../src/shared/contract/route';
import { writesNeedingConnection } from '../../../src/shared/contract/writesNeedingConnection';

/** A write a student may make: open to any signed-in user (or anyone), or to students; not a machine route, not a staff capability. */
const isStudentWrite = (route: RouteDescriptor): boolean =>
  route.method !== 'GET' && route.scope === undefined && route.capability === undefined && (route.isPublic === true || route.roles.length === 0 || route.roles.includes('Student'));

describe('which writes queue offline and which need a connection (issue 33 §2)', () => {
  const queued = allRoutes.filter(isQueuedOffline);
  const listed = writesNeedingConnection.map(({ route }) => route);

  it('declares every write a student can make exactly once: queued on its route, or listed with a reason', () => {
    const studentWrites = allRoutes.filter(isStudentWrite);
    const undeclared = studentWrites.filter((route) => !isQueuedOffline(route) && !listed.includes(route)).map((route) => route.id);
    const both = queued.filter((route) => listed.includes(route)).map((route) => route.id);

    expect(undeclared).toEqual([]);
    expect(both).toEqual([]);
    expect(studentWrites.length).toBeGreaterThan(20);
  });

  it('gives every listed write a reason, once, and lists only routes of the contract', () => {
    for (const { route, reason } of writesNeedingConnection) {
      expect(allRoutes, route.id).toContain(route);
      expect(reason.length, route.id).toBeGreaterThan(20);
    }
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.map((route) => route.id)).toEqual(expect.arrayContaining(['absences.cancel', 'attendance.register', 'referrals.send', 'timetable.enableIcal', 'timetable.deleteIcal']));
  });

  it('queues exactly the routes that the outbox has a named mutation for', () => {
    const mutationRoutes = new Set(allMutations().map((mutation) => mutation.route.id));

    expect([...mutationRoutes].sort()).toEqual(queued.map((route) => route.id).sort());
  });

  it('never queues an operator write or a read', () => {
    const wrongly = queued.filter((route) => route.method === 'GET' || !isStudentWrite(route)).map((route) => route.id);

    expect(wrongly).toEqual([]);
  });
});
