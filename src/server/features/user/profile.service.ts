import { createHmac } from 'node:crypto';
import {
  isStudyLevelCode,
  studyLevelNames,
  type PersonalTutor,
  type UserAnalytics,
  type UserProfile,
} from '../../../shared/contract/user.js';
import type { SessionUser } from '../../auth/session.service.js';
import type { Db } from '../../db/database.js';

/** SPEC §3: study level codes 0, 1, 2, 3, 7 and 8 are known; any other code reads as -1. */
export function studyLevelCode(code: number | null): number | null {
  if (code === null) return null;
  return isStudyLevelCode(code) ? code : -1;
}

/** The analytics label of a study level: its name, '-1' for an unknown code, null for none. */
export function studyLevelLabel(code: number | null): string | null {
  if (code === null) return null;
  return isStudyLevelCode(code) ? studyLevelNames[code] : '-1';
}

async function loadProfileRow(db: Db, userId: number) {
  return db
    .selectFrom('profiles')
    .select(['study_level', 'registration_status', 'programme', 'school', 'is_student_visa_holder'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The caller's own profile. Everyone gets one: staff have no study level or registration status,
 * and a user with no profile row (e.g. new from the identity provider) gets the empty profile,
 * whose null registrationStatus reads as "enrolment status unknown" (SPEC §4).
 */
export async function loadProfile(db: Db, user: SessionUser): Promise<UserProfile> {
  const row = await loadProfileRow(db, user.id);
  return {
    studentStudyLevel: studyLevelCode(row?.study_level ?? null),
    registrationStatus: row?.registration_status ?? null,
    displayName: user.displayName,
    emailAddress: user.email,
    studentId: user.studentId,
    programme: row?.programme ?? null,
    school: row?.school ?? null,
  };
}

/** A stable pseudonymous id: the same user always gets the same uuid, which reveals nothing. */
export function analyticsUuid(secret: string, userId: number): string {
  const hex = createHmac('sha256', secret).update(`analytics|${userId}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface AnalyticsSubject {
  readonly user: SessionUser;
  readonly isStaff: boolean;
  readonly isStudent: boolean;
}

export interface AnalyticsOptions {
  /** ANALYTICS_SEND_VISA_STATUS: include `isStudentVisaHolder` (off unless the operator opts in). */
  readonly sendVisaStatus: boolean;
}

/**
 * SPEC §3 user analytics data for the caller: what the app hands to the third-party analytics
 * provider once the user consents. `isStudentVisaHolder` is left out (not sent as false, which
 * would be a wrong answer for a visa holder) unless the operator opts in.
 */
export async function loadAnalytics(
  db: Db,
  secret: string,
  { user, isStaff, isStudent }: AnalyticsSubject,
  { sendVisaStatus }: AnalyticsOptions,
): Promise<UserAnalytics> {
  const row = await loadProfileRow(db, user.id);
  return {
    uuid: analyticsUuid(secret, user.id),
    isStaff,
    staffJobFamily: user.staffJobFamily,
    isStudent,
    ...(sendVisaStatus ? { isStudentVisaHolder: isStudent && (row?.is_student_visa_holder ?? false) } : {}),
    studyLevel: isStudent ? studyLevelLabel(row?.study_level ?? null) : null,
    programme: row?.programme ?? null,
    school: row?.school ?? null,
  };
}

/** The caller's personal tutor: an app user, or a recorded name and email; null when none. */
export async function loadPersonalTutor(db: Db, studentUserId: number): Promise<PersonalTutor | null> {
  const row = await db
    .selectFrom('personal_tutors as pt')
    .leftJoin('users as u', 'u.id', 'pt.tutor_user_id')
    .select(['pt.tutor_name', 'pt.tutor_email', 'pt.office', 'u.display_name', 'u.email'])
    .where('pt.student_user_id', '=', studentUserId)
    .executeTakeFirst();
  const displayName = row?.display_name ?? row?.tutor_name;
  const emailAddress = row?.email ?? row?.tutor_email;
  if (!displayName || !emailAddress) return null;
  return { displayName, emailAddress, telephone: null, office: row?.office ?? null };
}
