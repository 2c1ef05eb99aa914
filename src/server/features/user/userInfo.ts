import type { SignedInUserInfo } from '../../../shared/contract/user.js';
import type { ActiveSession } from '../../auth/session.service.js';

/**
 * SPEC §3 session user info for a live session. In a view-as session it describes the viewed user,
 * names the administrator in `viewAs`, and the expiry is the view's hard end (it never slides).
 */
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
    isStudentSupport: user.isStudentSupport,
    hasUniversityRecords: user.isImported,
    slidingExpiration: !session.viewAs,
    slidingExpirationMinutes: session.viewAs ? 0 : idleMinutes,
    sessionExpiration: session.expiresAt.toISOString(),
    ...(session.viewAs && {
      viewAs: {
        adminUserName: session.viewAs.admin.userName,
        adminDisplayName: session.viewAs.admin.displayName,
        expiresAt: session.viewAs.expiresAt.toISOString(),
      },
    }),
  };
}
