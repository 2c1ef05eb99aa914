import type { ImportEntity, ImportProblem } from '../../../../shared/contract/adminImports.js';

/**
 * The rows of a bundle as the reader hands them on: checked one by one (columns present, values
 * well formed), normalised, and still keyed by `sourcedId`. References between records, duplicate
 * ids and the guards are checked later, in SQL, against the staged rows and what is already held.
 */

export type { FileMode } from '../../../../shared/contract/adminImports.js';
import type { FileMode } from '../../../../shared/contract/adminImports.js';
/** OneRoster's record status: a delta's `tobedeleted` deactivates; bulk rows are always `active`. */
export type RecordStatus = 'active' | 'tobedeleted';

export interface Manifest {
  readonly modes: Readonly<Record<ImportEntity, FileMode>>;
  /** The entry name of each file in the zip, e.g. `users.csv`, `ext.events.csv`. */
  readonly fileNames: Readonly<Record<ImportEntity, string>>;
  readonly sourceSystemName: string | null;
  readonly sourceSystemCode: string | null;
}

interface Base {
  readonly sourcedId: string;
  readonly status: RecordStatus;
}

export interface AcademicSessionRow extends Base {
  readonly title: string;
  /** OneRoster: `schoolYear`, `term`, `semester`, `gradingPeriod`. */
  readonly type: string;
  /** YYYY-MM-DD */
  readonly startDate: string;
  readonly endDate: string;
  readonly parentSourcedId: string | null;
  readonly schoolYear: string | null;
}

export interface OrgRow extends Base {
  readonly name: string;
  readonly type: string;
  readonly identifier: string | null;
  readonly parentSourcedId: string | null;
}

export interface CourseRow extends Base {
  readonly title: string;
  readonly courseCode: string;
  readonly schoolYearSourcedId: string | null;
  readonly orgSourcedId: string | null;
}

export interface ClassRow extends Base {
  readonly title: string;
  readonly courseSourcedId: string;
  /** OneRoster: `homeroom` or `scheduled`. */
  readonly classType: string;
  readonly classCode: string | null;
  readonly termSourcedIds: readonly string[];
  readonly schoolSourcedId: string | null;
  readonly location: string | null;
}

export interface UserRow extends Base {
  readonly enabledUser: boolean;
  readonly username: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly identifier: string | null;
  readonly email: string | null;
  readonly preferredGivenName: string | null;
  readonly preferredFamilyName: string | null;
  readonly primaryOrgSourcedId: string | null;
  readonly registrationStatus: string | null;
  /** 0, 1, 2, 3, 7, 8 or another whole number; null when blank. */
  readonly studyLevel: number | null;
  readonly programme: string | null;
  readonly isStudentVisaHolder: boolean | null;
  readonly staffJobFamily: string | null;
  readonly personalTutorSourcedId: string | null;
}

export interface RoleRow extends Base {
  readonly userSourcedId: string;
  /** OneRoster: `primary` or `secondary`. */
  readonly roleType: string;
  /** OneRoster role, e.g. `student`, `teacher`, `administrator`, `aide`. */
  readonly role: string;
  readonly orgSourcedId: string;
  readonly beginDate: string | null;
  readonly endDate: string | null;
}

export interface EnrollmentRow extends Base {
  readonly classSourcedId: string;
  readonly userSourcedId: string;
  /** OneRoster role: `student`, `teacher`, or others (ignored by the app). */
  readonly role: string;
  readonly isPrimary: boolean | null;
  readonly beginDate: string | null;
  readonly endDate: string | null;
}

export interface RoomRow extends Base {
  readonly name: string;
  readonly building: string;
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly floor: number | null;
  readonly capacity: number | null;
}

export type ImportEventType = 'Lecture' | 'Seminar' | 'Lab' | 'Tutorial' | 'Workshop' | 'Exam' | 'Other';

export interface EventRow extends Base {
  readonly classSourcedId: string;
  readonly eventType: ImportEventType;
  /** Instants, parsed from ISO 8601 with an offset or Z. */
  readonly start: Date;
  readonly end: Date;
  readonly roomSourcedId: string | null;
  /** Empty: the group's teachers. */
  readonly teacherSourcedIds: readonly string[];
  readonly isAttendanceMonitored: boolean;
  readonly isCancelled: boolean;
  readonly title: string | null;
}

export interface AbsenceCategoryRow extends Base {
  readonly name: string;
  readonly description: string;
  readonly absenceType: 'Authorised' | 'Informed';
  readonly requiresDescription: boolean;
  readonly requiresEvidence: boolean;
}

export interface RowOf {
  academicSessions: AcademicSessionRow;
  orgs: OrgRow;
  courses: CourseRow;
  classes: ClassRow;
  users: UserRow;
  roles: RoleRow;
  enrollments: EnrollmentRow;
  rooms: RoomRow;
  events: EventRow;
  absenceCategories: AbsenceCategoryRow;
}

/** A row with the file line it came from (the header is line 1), for problems found later. */
export interface LinedRow<E extends ImportEntity> {
  readonly line: number;
  readonly row: RowOf[E];
}

/**
 * Where the reader puts rows: called with up to `batchSize` rows at a time, in file order, and
 * awaited before more are read, so memory stays bounded whatever the file's size.
 */
export type RowSink = <E extends ImportEntity>(entity: E, rows: readonly LinedRow<E>[]) => Promise<void>;

export interface BundleReadResult {
  /** Null when the bundle has no readable manifest (an error says why). */
  readonly manifest: Manifest | null;
  /** Every problem found while reading, errors first; at most `maxProblems` of each severity. */
  readonly errors: readonly ImportProblem[];
  readonly warnings: readonly ImportProblem[];
  /** Problems beyond the ones kept. */
  readonly moreErrors: number;
  readonly moreWarnings: number;
  /** Data rows read per entity (valid or not). */
  readonly rowCounts: Readonly<Record<ImportEntity, number>>;
}
