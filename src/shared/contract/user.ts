import { z } from './zod';
import { isoDateTime, roleSchema } from './common';
import { defineRoute } from './route';

/** SPEC §3 session user info, as a signed-in user receives it. */
export const signedInUserInfoSchema = z.object({
  isSignedIn: z.boolean(),
  isStaffSignedIn: z.boolean(),
  isStudentSignedIn: z.boolean(),
  userId: z.string(),
  userName: z.string(),
  userDisplayName: z.string(),
  userFirstName: z.string(),
  userEmailAddress: z.string(),
  staffJobFamily: z.nullable(z.string()),
  userRoles: z.array(roleSchema),
  userAdGroups: z.array(z.string()),
  /** May review absence requests (the staff review queue). Always sent when signed in; missing (an older cached copy) reads as false. */
  isAbsenceReviewer: z.optional(z.boolean()),
  /** Works the Student Support referral queue (issue 31). Always sent when signed in; missing reads as false. */
  isStudentSupport: z.optional(z.boolean()),
  /**
   * The university's systems have sent this person's records (an import named them). False for
   * someone who signed in before any import did: the app says their records have not arrived yet.
   * Missing (an older cached copy) reads as true.
   */
  hasUniversityRecords: z.optional(z.boolean()),
  slidingExpiration: z.boolean(),
  slidingExpirationMinutes: z.int().check(z.nonnegative()),
  sessionExpiration: isoDateTime,
  /**
   * Set only in an administrator's read-only view-as session (issue 17): who is viewing, and when
   * the view ends. Every other field then describes the viewed user.
   */
  viewAs: z.optional(
    z.object({ adminUserName: z.string(), adminDisplayName: z.string(), expiresAt: isoDateTime }),
  ),
});
export type SignedInUserInfo = z.infer<typeof signedInUserInfoSchema>;

/**
 * What GET /api/user/info returns to anyone: the three flags always, the rest only when signed
 * in (an anonymous caller gets `{ isSignedIn: false, isStaffSignedIn: false, isStudentSignedIn: false }`).
 */
export const sessionUserInfoSchema = z.required(z.partial(signedInUserInfoSchema), {
  isSignedIn: true,
  isStaffSignedIn: true,
  isStudentSignedIn: true,
});
export type SessionUserInfo = z.infer<typeof sessionUserInfoSchema>;

export const anonymousUserInfo = {
  isSignedIn: false,
  isStaffSignedIn: false,
  isStudentSignedIn: false,
} as const satisfies SessionUserInfo;

/** SPEC §3 study level codes; any other code is shown as '-1'. */
export const studyLevelCodeSchema = z.literal([0, 1, 2, 3, 7, 8]);
export type StudyLevelCode = z.infer<typeof studyLevelCodeSchema>;
export const studyLevelNames = {
  0: 'Foundation',
  1: 'Undergraduate Year 1',
  2: 'Undergraduate Year 2',
  3: 'Undergraduate Year 3',
  7: "Master's",
  8: 'Doctor',
} as const satisfies Record<StudyLevelCode, string>;

/** Whether a code is one of the known study levels (SPEC §3). */
export function isStudyLevelCode(code: number): code is StudyLevelCode {
  return Object.hasOwn(studyLevelNames, code);
}

/** SPEC §3 user profile. Only studentStudyLevel and registrationStatus are named there. */
export const userProfileSchema = z.object({
  /** Any integer: codes outside the list above mean an unknown level. Null for staff. */
  studentStudyLevel: z.nullable(z.int()),
  /** 'Registered-Enrolled' means fully enrolled; null when unknown. */
  registrationStatus: z.nullable(z.string()),
  // Extra display fields for the profile page.
  displayName: z.string(),
  emailAddress: z.string(),
  /** The student number; null for staff. */
  studentId: z.nullable(z.string()),
  programme: z.nullable(z.string()),
  school: z.nullable(z.string()),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** The personal tutor; its fields are not in the spec, so these are our choice. */
export const personalTutorSchema = z.object({
  displayName: z.string(),
  emailAddress: z.string(),
  telephone: z.nullable(z.string()),
  office: z.nullable(z.string()),
});
export type PersonalTutor = z.infer<typeof personalTutorSchema>;

/**
 * SPEC §3 user analytics data, pushed to the analytics data layer on page load. The server leaves
 * `isStudentVisaHolder` out unless the operator opts in (ANALYTICS_SEND_VISA_STATUS): it goes to a
 * third-party provider, and immigration status is close to special category data.
 */
export const userAnalyticsSchema = z.object({
  uuid: z.string(),
  isStaff: z.boolean(),
  staffJobFamily: z.nullable(z.string()),
  isStudent: z.boolean(),
  isStudentVisaHolder: z.optional(z.boolean()),
  studyLevel: z.nullable(z.string()),
  programme: z.nullable(z.string()),
  school: z.nullable(z.string()),
});
export type UserAnalytics = z.infer<typeof userAnalyticsSchema>;

export const userInfoRoute = defineRoute({
  id: 'user.info',
  method: 'GET',
  path: '/api/user/info',
  response: sessionUserInfoSchema,
  isPublic: true,
  roles: [],
});

export const userProfileRoute = defineRoute({
  id: 'user.profile',
  method: 'GET',
  path: '/api/user/profile',
  response: userProfileSchema,
  roles: [],
  cacheMinutes: 60,
});

/** Null when the user has no personal tutor. */
export const personalTutorRoute = defineRoute({
  id: 'user.personalTutor',
  method: 'GET',
  path: '/api/user/personaltutor',
  response: z.nullable(personalTutorSchema),
  roles: [],
  cacheMinutes: 1440,
});

export const userAnalyticsRoute = defineRoute({
  id: 'user.analytics',
  method: 'GET',
  path: '/api/user/analytics',
  response: userAnalyticsSchema,
  roles: [],
  cacheMinutes: 240,
});

export const userRoutes = [
  userInfoRoute,
  userProfileRoute,
  personalTutorRoute,
  userAnalyticsRoute,
] as const;
