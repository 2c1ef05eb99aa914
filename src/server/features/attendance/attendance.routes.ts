import { attendanceAnalysisRoute, networkStatusRoute, registerAttendanceRoute } from '../../../shared/contract/attendance.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { loadAnalysis } from './analysis.service.js';
import { campusNetwork } from './campusNetwork.js';
import { registerAttendance, type RegistrationPolicy } from './registration.service.js';

/**
 * Per-user routes reading the session user only. The client address is `request.ip`, so
 * X-Forwarded-For counts only when it comes from TRUSTED_PROXIES.
 */
export function attendanceRoutes({ db, config, clock }: ServerContext): RouteImplementation[] {
  const campus = campusNetwork(config.campusNetworks, config.campusDemoLoopback);
  const policy: RegistrationPolicy = { closeMinutes: config.attendanceCloseMinutes, isOnCampus: campus.contains };
  return [
    implement(attendanceAnalysisRoute, async ({ user }) => loadAnalysis(db, user.id, clock.now())),
    implement(networkStatusRoute, ({ request, reply }) => {
      reply.header('cache-control', 'no-store');
      return { connected: campus.contains(request.ip) };
    }),
    implement(registerAttendanceRoute, async ({ user, body, request }) =>
      registerAttendance(db, policy, {
        userId: user.id, eventId: body.timetableEntryRowId, clientIp: request.ip, now: clock.now(), checkInCode: body.checkInCode,
      })),
  ];
}
