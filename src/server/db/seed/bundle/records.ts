/**
 * The records of a generated university, one type per bundle file, before they become CSV.
 * Every generator (the demo, the large university) produces these; `files.ts` alone turns them
 * into lines. Dates are calendar dates ('YYYY-MM-DD'); event times are instants, written with
 * the university zone's offset.
 */

export interface AcademicSessionRecord {
  readonly sourcedId: string;
  readonly title: string;
  readonly type: 'schoolYear' | 'term';
  readonly startDate: string;
  /** The last day of the session (OneRoster's end dates are inclusive). */
  readonly endDate: string;
  readonly parentSourcedId: string | null;
  /** OneRoster's school year: the calendar year the academic year ends in (2027 for 2026/27). */
  readonly schoolYear: string;
}

export interface OrgRecord {
  readonly sourcedId: string;
  readonly name: string;
  readonly type: 'district' | 'school' | 'department';
  readonly identifier: string | null;
  readonly parentSourcedId: string | null;
}

export interface CourseRecord {
  readonly sourcedId: string;
  readonly title: string;
  readonly courseCode: string;
  readonly schoolYearSourcedId: string;
  readonly orgSourcedId: string;
}

export interface ClassRecord {
  readonly sourcedId: string;
  readonly title: string;
  readonly courseSourcedId: string;
  readonly classCode: string;
  readonly termSourcedIds: readonly string[];
  readonly schoolSourcedId: string;
}

export interface UserRecord {
  /** Equal to the user name: the sign-in name is the stable key of a person here. */
  readonly sourcedId: string;
  readonly givenName: string;
  readonly familyName: string;
  /** The student or staff number. */
  readonly identifier: string | null;
  readonly email: string | null;
  readonly primaryOrgSourcedId: string | null;
  readonly registrationStatus: string | null;
  readonly studyLevel: number | null;
  readonly programme: string | null;
  readonly isStudentVisaHolder: boolean | null;
  readonly staffJobFamily: string | null;
  readonly personalTutorSourcedId: string | null;
}

/** A user's role at an org. Only `student` and `teacher` are written: an import grants no other app role. */
export interface RoleRecord {
  readonly userSourcedId: string;
  readonly role: 'student' | 'teacher';
  readonly orgSourcedId: string;
}

export interface EnrollmentRecord {
  readonly classSourcedId: string;
  readonly userSourcedId: string;
  readonly role: 'student' | 'teacher';
  readonly schoolSourcedId: string;
  /** For teachers: the group's lead; blank for students. */
  readonly isPrimary: boolean | null;
}

export interface RoomRecord {
  readonly sourcedId: string;
  readonly name: string;
  readonly building: string;
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly floor: number | null;
  readonly capacity: number | null;
}

export type BundleEventType = 'Lecture' | 'Seminar' | 'Lab' | 'Tutorial' | 'Workshop' | 'Exam' | 'Other';

export interface EventRecord {
  readonly sourcedId: string;
  readonly classSourcedId: string;
  readonly eventType: BundleEventType;
  readonly start: Date;
  readonly end: Date;
  readonly roomSourcedId: string | null;
  /** Empty: the group's teachers. */
  readonly teacherSourcedIds: readonly string[];
  readonly isAttendanceMonitored: boolean;
  readonly isCancelled: boolean;
}

export interface AbsenceCategoryRecord {
  readonly sourcedId: string;
  readonly name: string;
  readonly description: string;
  readonly absenceType: 'Authorised' | 'Informed';
  readonly requiresDescription: boolean;
  readonly requiresEvidence: boolean;
}

/**
 * A whole university as records. Each is an Iterable that may be walked more than once (each
 * walk generates afresh), so a large one is never held in memory.
 */
export interface UniversityRecords {
  /** The zone event times are written in (the calendar's). */
  readonly timeZone: string;
  readonly source: { readonly systemName: string; readonly systemCode: string };
  readonly academicSessions: Iterable<AcademicSessionRecord>;
  readonly orgs: Iterable<OrgRecord>;
  readonly courses: Iterable<CourseRecord>;
  readonly classes: Iterable<ClassRecord>;
  readonly users: Iterable<UserRecord>;
  readonly roles: Iterable<RoleRecord>;
  readonly enrollments: Iterable<EnrollmentRecord>;
  readonly rooms: Iterable<RoomRecord>;
  readonly events: Iterable<EventRecord>;
  readonly absenceCategories: Iterable<AbsenceCategoryRecord>;
}

/** An Iterable that runs `generate` afresh on every walk. */
export function reiterable<T>(generate: () => Iterator<T>): Iterable<T> {
  return { [Symbol.iterator]: generate };
}
