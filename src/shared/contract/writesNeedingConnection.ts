/**
 * The writes a student (or any signed-in user) can make that do not wait in the outbox when the
 * device is offline, each with the reason (issue 33 §2). Every other such write is declared
 * `offline: 'queue'` on its route and sent by the outbox. Operator writes (staff, Student Support,
 * the office, administrators) are online only by design and are not listed: their screens say when
 * there is no connection. `tests/shared/contract/writesNeedingConnection.test.ts` checks the two
 * lists cover every write a student can make, exactly once.
 */
import { cancelAbsenceRoute, createAbsenceRoute, updateAbsenceRoute } from './absences';
import { registerAttendanceRoute } from './attendance';
import { demoSignInRoute, signOutEverywhereRoute, signOutSubmitRoute } from './auth';
import { subscribeRoute, unsubscribeRoute, updateSubscriptionRoute } from './notifications';
import { negotiateRoute, sendRoute } from './realtime';
import { sendReferralRoute } from './referrals';
import type { RouteDescriptor } from './route';
import { deleteIcalRoute, enableIcalRoute } from './timetable';

export interface WriteNeedingConnection {
  readonly route: RouteDescriptor;
  readonly reason: string;
}

export const writesNeedingConnection: readonly WriteNeedingConnection[] = [
  {
    route: cancelAbsenceRoute,
    reason:
      'Withdraw: a withdrawal must meet the request as the office last saw it. Sent later, it could meet a request the office decided in the meantime and be refused long after the student thought it done, so the student withdraws while connected and sees the answer.',
  },
  {
    route: createAbsenceRoute,
    reason:
      'An absence request travels with its files as one multipart form, which the outbox (named mutations with JSON arguments) does not hold. One that cannot be sent stays a draft on the device, files included (absenceDrafts.ts), and the student sends it when back online.',
  },
  {
    route: updateAbsenceRoute,
    reason: 'As for a new request: an edit that cannot be sent stays a draft on the device, against the version it was made on.',
  },
  {
    route: registerAttendanceRoute,
    reason:
      'Registration: attendance counts only for the class at the time it happens, from the campus network, with the code shown in the room. A check-in sent later would prove nothing.',
  },
  {
    route: sendReferralRoute,
    reason:
      'Referral: a student asking Student Support for help must know at once whether the request arrived, and where to get urgent help if not, rather than trust a queue.',
  },
  {
    route: enableIcalRoute,
    reason: 'iCal: the subscription address is made by the server, and the student needs it now to paste into a calendar app.',
  },
  {
    route: deleteIcalRoute,
    reason: 'iCal: removing the subscription must take effect before the app says it is gone, or the old address would keep working.',
  },
  { route: demoSignInRoute, reason: 'Signing in is a conversation with the server.' },
  { route: signOutSubmitRoute, reason: 'Only the server can end the session; the device forgets the user either way.' },
  { route: signOutEverywhereRoute, reason: "Only the server can end the user's sessions on their other devices." },
  {
    route: subscribeRoute,
    reason: "A push subscription is the browser's and the server's at once: both change together, or the switch stays as it was.",
  },
  { route: updateSubscriptionRoute, reason: 'As for subscribing: the server must hold the subscription the browser has.' },
  { route: unsubscribeRoute, reason: 'As for subscribing: pushes stop only when the server knows.' },
  { route: negotiateRoute, reason: 'The live status feed exists only while connected: it reconnects by itself when the server answers again.' },
  { route: sendRoute, reason: 'A message on the live status feed, which exists only while connected.' },
];
