import type { SignedInUserInfo } from '../../../shared/contract/user.js';
import type { ActiveSession } from '../../auth/session.service.js';

/** SPEC §3 session user info for a live session. */
export function toUserInfo(session: ActiveSession, idleMinutes: number): SignedInUserInfo {
  const { user } = session;
  const isStudent = user.roles.includes('Student');
  const isStaff = user.roles.includes('TeachingStaff') || user.roles.includes('Administrator') || user.staffJobFamily !== null;
  return {
    isSignedIn: true,
    isStaffSignedIn: isStaff,
    isStudentSignedIn: isStudent,
    userId: String(user.id),
    userName: user.userName,
    userDisplayName: user.displayName,
    userFirstName: user.firstName,
    userEmailAddress: user.email,
    staffJobFamily: user.staffJobFamily,
    userRoles: [...user.roles],
    userAdGroups: [...user.adGroups],
    isAbsenceReviewer: user.isAbsenceReviewer,
    slidingExpiration: true,
    slidingExpirationMinutes: idleMinutes,
    sessionExpiration: session.expiresAt.toISOString(),
  };
}
