import { type CsvValue, csvLine } from './csv.js';
import { enrollmentId, roleId } from './ids.js';
import { offsetFormatter, type InstantFormatter } from './offsetTime.js';
import type {
  AbsenceCategoryRecord, AcademicSessionRecord, ClassRecord, CourseRecord, EnrollmentRecord, EventRecord, OrgRecord,
  RoleRecord, RoomRecord, UniversityRecords, UserRecord,
} from './records.js';
import { reiterable } from './records.js';

/**
 * The files of an import bundle (../shared/IMPORT-FORMAT.md) and how each record becomes a CSV
 * line: the one place that knows the columns. OneRoster files carry `status` and
 * `dateLastModified`, blank as a bulk file may have them; the extension files leave them out.
 */

export const DATA_FILES = [
  { entry: 'academicSessions.csv', manifestKey: 'file.academicSessions' },
  { entry: 'orgs.csv', manifestKey: 'file.orgs' },
  { entry: 'courses.csv', manifestKey: 'file.courses' },
  { entry: 'classes.csv', manifestKey: 'file.classes' },
  { entry: 'users.csv', manifestKey: 'file.users' },
  { entry: 'roles.csv', manifestKey: 'file.roles' },
  { entry: 'enrollments.csv', manifestKey: 'file.enrollments' },
  { entry: 'ext.rooms.csv', manifestKey: 'file.ext.rooms' },
  { entry: 'ext.events.csv', manifestKey: 'file.ext.events' },
  { entry: 'ext.absenceCategories.csv', manifestKey: 'file.ext.absenceCategories' },
] as const;

export type DataFileName = (typeof DATA_FILES)[number]['entry'];
export type BundleEntryName = 'manifest.csv' | DataFileName;

/** Every entry of a bundle, the manifest first: the order they are written in. */
export const BUNDLE_ENTRY_NAMES: readonly BundleEntryName[] = ['manifest.csv', ...DATA_FILES.map((f) => f.entry)];

/** A bundle: each entry's CSV lines (line ends included). Each Iterable may be walked more than once. */
export type Bundle = Readonly<Record<BundleEntryName, Iterable<string>>>;

/** What `writeBundleZip` takes: a Bundle, or entries that arrive asynchronously. */
export type BundleSource = Readonly<Record<BundleEntryName, Iterable<string> | AsyncIterable<string>>>;

interface FileSpec<R> {
  readonly columns: readonly string[];
  readonly values: (record: R, formatInstant: InstantFormatter) => readonly CsvValue[];
}

const ONEROSTER_STATUS = ['status', 'dateLastModified'] as const;
const blankStatus: readonly CsvValue[] = [null, null];

const academicSessions: FileSpec<AcademicSessionRecord> = {
  columns: ['sourcedId', ...ONEROSTER_STATUS, 'title', 'type', 'startDate', 'endDate', 'parentSourcedId', 'schoolYear'],
  values: (r) => [r.sourcedId, ...blankStatus, r.title, r.type, r.startDate, r.endDate, r.parentSourcedId, r.schoolYear],
};

const orgs: FileSpec<OrgRecord> = {
  columns: ['sourcedId', ...ONEROSTER_STATUS, 'name', 'type', 'identifier', 'parentSourcedId'],
  values: (r) => [r.sourcedId, ...blankStatus, r.name, r.type, r.identifier, r.parentSourcedId],
};

const courses: FileSpec<CourseRecord> = {
  columns: ['sourcedId', ...ONEROSTER_STATUS, 'schoolYearSourcedId', 'title', 'courseCode', 'orgSourcedId'],
  values: (r) => [r.sourcedId, ...blankStatus, r.schoolYearSourcedId, r.title, r.courseCode, r.orgSourcedId],
};

const classes: FileSpec<ClassRecord> = {
  columns: ['sourcedId', ...ONEROSTER_STATUS, 'title', 'courseSourcedId', 'classCode', 'classType', 'schoolSourcedId', 'termSourcedIds'],
  values: (r) => [r.sourcedId, ...blankStatus, r.title, r.courseSourcedId, r.classCode, 'scheduled', r.schoolSourcedId, r.termSourcedIds],
};

const users: FileSpec<UserRecord> = {
  columns: [
    'sourcedId', ...ONEROSTER_STATUS, 'enabledUser', 'username', 'givenName', 'familyName', 'identifier', 'email', 'primaryOrgSourcedId',
    'metadata.cc.registrationStatus', 'metadata.cc.studyLevel', 'metadata.cc.programme', 'metadata.cc.isStudentVisaHolder',
    'metadata.cc.staffJobFamily', 'metadata.cc.personalTutorSourcedId',
  ],
  values: (r) => [
    r.sourcedId, ...blankStatus, true, r.sourcedId, r.givenName, r.familyName, r.identifier, r.email, r.primaryOrgSourcedId,
    r.registrationStatus, r.studyLevel, r.programme, r.isStudentVisaHolder, r.staffJobFamily, r.personalTutorSourcedId,
  ],
};

const roles: FileSpec<RoleRecord> = {
  columns: ['sourcedId', ...ONEROSTER_STATUS, 'userSourcedId', 'roleType', 'role', 'orgSourcedId'],
  values: (r) => [roleId(r.userSourcedId, r.role), ...blankStatus, r.userSourcedId, 'primary', r.role, r.orgSourcedId],
};

const enrollments: FileSpec<EnrollmentRecord> = {
  columns: ['sourcedId', ...ONEROSTER_STATUS, 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role', 'primary'],
  values: (r) => [enrollmentId(r.classSourcedId, r.userSourcedId), ...blankStatus, r.classSourcedId, r.schoolSourcedId, r.userSourcedId, r.role, r.isPrimary],
};

const rooms: FileSpec<RoomRecord> = {
  columns: ['sourcedId', 'name', 'building', 'latitude', 'longitude', 'floor', 'capacity'],
  values: (r) => [r.sourcedId, r.name, r.building, r.latitude, r.longitude, r.floor, r.capacity],
};

const events: FileSpec<EventRecord> = {
  columns: ['sourcedId', 'classSourcedId', 'eventType', 'start', 'end', 'roomSourcedId', 'teacherSourcedIds', 'isAttendanceMonitored', 'eventStatus'],
  values: (r, formatInstant) => [
    r.sourcedId, r.classSourcedId, r.eventType, formatInstant(r.start), formatInstant(r.end), r.roomSourcedId,
    r.teacherSourcedIds.length > 0 ? r.teacherSourcedIds : null, r.isAttendanceMonitored, r.isCancelled ? 'cancelled' : 'scheduled',
  ],
};

const absenceCategories: FileSpec<AbsenceCategoryRecord> = {
  columns: ['sourcedId', 'name', 'description', 'absenceType', 'requiresDescription', 'requiresEvidence'],
  values: (r) => [r.sourcedId, r.name, r.description, r.absenceType, r.requiresDescription, r.requiresEvidence],
};

/** The header, then one line per record; generated afresh on every walk. */
function csvFile<R>(spec: FileSpec<R>, records: Iterable<R>, formatInstant: InstantFormatter): Iterable<string> {
  return reiterable(function* lines() {
    yield csvLine(spec.columns);
    for (const record of records) yield csvLine(spec.values(record, formatInstant));
  });
}

function manifest(source: UniversityRecords['source']): Iterable<string> {
  const rows: [string, string][] = [
    ['manifest.version', '1.0'],
    ['oneroster.version', '1.2'],
    ...DATA_FILES.map((f): [string, string] => [f.manifestKey, 'bulk']),
    ['source.systemName', source.systemName],
    ['source.systemCode', source.systemCode],
  ];
  return reiterable(function* lines() {
    yield csvLine(['propertyName', 'value']);
    for (const row of rows) yield csvLine(row);
  });
}

/** A university's records as a bundle: every file bulk, every line generated as it is read. */
export function toBundle(university: UniversityRecords): Bundle {
  // One formatter per walk of the events would do as well; one per bundle keeps its offset cache across walks.
  const formatInstant = offsetFormatter(university.timeZone);
  return {
    'manifest.csv': manifest(university.source),
    'academicSessions.csv': csvFile(academicSessions, university.academicSessions, formatInstant),
    'orgs.csv': csvFile(orgs, university.orgs, formatInstant),
    'courses.csv': csvFile(courses, university.courses, formatInstant),
    'classes.csv': csvFile(classes, university.classes, formatInstant),
    'users.csv': csvFile(users, university.users, formatInstant),
    'roles.csv': csvFile(roles, university.roles, formatInstant),
    'enrollments.csv': csvFile(enrollments, university.enrollments, formatInstant),
    'ext.rooms.csv': csvFile(rooms, university.rooms, formatInstant),
    'ext.events.csv': csvFile(events, university.events, formatInstant),
    'ext.absenceCategories.csv': csvFile(absenceCategories, university.absenceCategories, formatInstant),
  };
}
