import { csv, manifest, type CsvTable } from '../../../helpers/importBundle.js';

/**
 * A small university in the import format, for the pipeline's tests: one module (GR1001) with a
 * lecture group and two lab groups, two students (alice in lab A, bob in lab B), a lecturer who
 * teaches the lecture and lab A, a personal tutor, two rooms, three classes on Thursday
 * 15 October 2026 and one absence category. `change` edits any file's rows before writing.
 */

export type Files = Record<string, CsvTable>;

export function universityFiles(): Files {
  return {
    'academicSessions.csv': [
      ['sourcedId', 'status', 'dateLastModified', 'title', 'type', 'startDate', 'endDate', 'parentSourcedId', 'schoolYear'],
      ['ay-2026', '', '', '2026/27', 'schoolYear', '2026-09-01', '2027-08-31', '', '2027'],
      ['ay-2026-autumn', '', '', 'Autumn 2026', 'term', '2026-09-28', '2026-12-18', 'ay-2026', '2027'],
    ],
    'orgs.csv': [
      ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
      ['org-uni', '', '', 'University of Testing', 'district', 'UT', ''],
      ['org-maths', '', '', 'School of Mathematics', 'school', 'MA', 'org-uni'],
    ],
    'courses.csv': [
      ['sourcedId', 'status', 'dateLastModified', 'title', 'courseCode', 'schoolYearSourcedId', 'orgSourcedId'],
      ['course-GR1001', '', '', 'Group Theory', 'GR1001', 'ay-2026', 'org-maths'],
    ],
    'classes.csv': [
      ['sourcedId', 'status', 'dateLastModified', 'title', 'courseSourcedId', 'classType', 'classCode', 'termSourcedIds', 'schoolSourcedId', 'location'],
      ['GR1001-LEC', '', '', 'GR1001 Lecture', 'course-GR1001', 'scheduled', 'GR1001-LEC', 'ay-2026-autumn', 'org-maths', ''],
      ['GR1001-LAB-A', '', '', 'GR1001 Lab A', 'course-GR1001', 'scheduled', 'GR1001-LAB-A', 'ay-2026-autumn', 'org-maths', ''],
      ['GR1001-LAB-B', '', '', 'GR1001 Lab B', 'course-GR1001', 'scheduled', 'GR1001-LAB-B', 'ay-2026-autumn', 'org-maths', ''],
    ],
    'users.csv': [
      ['sourcedId', 'status', 'dateLastModified', 'enabledUser', 'username', 'givenName', 'familyName', 'identifier', 'email', 'primaryOrgSourcedId',
        'metadata.cc.registrationStatus', 'metadata.cc.studyLevel', 'metadata.cc.programme', 'metadata.cc.personalTutorSourcedId', 'metadata.cc.staffJobFamily'],
      ['u-alice', '', '', 'true', 'alice@test.ac.uk', 'Alice', 'Able', '2600001', 'alice@test.ac.uk', 'org-maths', 'Registered-Enrolled', '1', 'BSc Mathematics', 'u-tutor', ''],
      ['u-bob', '', '', 'true', 'bob@test.ac.uk', 'Bob', 'Baker', '2600002', 'bob@test.ac.uk', 'org-maths', 'Registered-Enrolled', '1', 'BSc Mathematics', '', ''],
      ['u-lect', '', '', 'true', 'lect@test.ac.uk', 'Lena', 'Lecturer', 'E001', 'lect@test.ac.uk', 'org-maths', '', '', '', '', 'Academic'],
      ['u-tutor', '', '', 'true', 'tutor@test.ac.uk', 'Tom', 'Tutor', 'E002', 'tutor@test.ac.uk', 'org-maths', '', '', '', '', 'Academic'],
    ],
    'roles.csv': [
      ['sourcedId', 'status', 'dateLastModified', 'userSourcedId', 'roleType', 'role', 'orgSourcedId'],
      ['r-alice', '', '', 'u-alice', 'primary', 'student', 'org-maths'],
      ['r-bob', '', '', 'u-bob', 'primary', 'student', 'org-maths'],
      ['r-lect', '', '', 'u-lect', 'primary', 'teacher', 'org-maths'],
      ['r-tutor', '', '', 'u-tutor', 'primary', 'teacher', 'org-maths'],
    ],
    'enrollments.csv': [
      ['sourcedId', 'status', 'dateLastModified', 'classSourcedId', 'userSourcedId', 'role', 'primary'],
      ['e-alice-lec', '', '', 'GR1001-LEC', 'u-alice', 'student', 'false'],
      ['e-alice-lab', '', '', 'GR1001-LAB-A', 'u-alice', 'student', 'false'],
      ['e-bob-lec', '', '', 'GR1001-LEC', 'u-bob', 'student', 'false'],
      ['e-bob-lab', '', '', 'GR1001-LAB-B', 'u-bob', 'student', 'false'],
      ['e-lect-lec', '', '', 'GR1001-LEC', 'u-lect', 'teacher', 'true'],
      ['e-lect-lab', '', '', 'GR1001-LAB-A', 'u-lect', 'teacher', 'true'],
    ],
    'ext.rooms.csv': [
      ['sourcedId', 'status', 'dateLastModified', 'name', 'building', 'latitude', 'longitude', 'floor', 'capacity'],
      ['MB-0.01', '', '', 'Main Lecture Theatre', 'Main Building', '51.38', '-2.33', '0', '200'],
      ['MB-1.10', '', '', 'Maths Lab 1.10', 'Main Building', '51.3801', '-2.3301', '1', '40'],
    ],
    'ext.events.csv': [
      ['sourcedId', 'status', 'dateLastModified', 'classSourcedId', 'eventType', 'start', 'end', 'roomSourcedId', 'teacherSourcedIds', 'isAttendanceMonitored', 'eventStatus', 'title'],
      ['ev-lec-1', '', '', 'GR1001-LEC', 'Lecture', '2026-10-15T09:00:00+01:00', '2026-10-15T10:00:00+01:00', 'MB-0.01', '', 'true', 'scheduled', ''],
      ['ev-lab-a-1', '', '', 'GR1001-LAB-A', 'Lab', '2026-10-15T13:00:00+01:00', '2026-10-15T15:00:00+01:00', 'MB-1.10', '', 'true', 'scheduled', ''],
      ['ev-lab-b-1', '', '', 'GR1001-LAB-B', 'Lab', '2026-10-15T15:00:00+01:00', '2026-10-15T17:00:00+01:00', 'MB-1.10', '', 'true', 'scheduled', ''],
    ],
    'ext.absenceCategories.csv': [
      ['sourcedId', 'status', 'dateLastModified', 'name', 'description', 'absenceType', 'requiresDescription', 'requiresEvidence'],
      ['abs-ill', '', '', 'Illness (imported)', 'Unwell and unable to attend', 'Authorised', 'true', 'false'],
    ],
  };
}

const ENTITY_OF_FILE: Record<string, string> = {
  'academicSessions.csv': 'academicSessions', 'orgs.csv': 'orgs', 'courses.csv': 'courses', 'classes.csv': 'classes',
  'users.csv': 'users', 'roles.csv': 'roles', 'enrollments.csv': 'enrollments',
  'ext.rooms.csv': 'ext.rooms', 'ext.events.csv': 'ext.events', 'ext.absenceCategories.csv': 'ext.absenceCategories',
};

/** The bundle's entries: a bulk manifest for the files given (others absent), or the modes given. */
export function bundleEntries(files: Files, modes: Readonly<Record<string, 'bulk' | 'delta' | 'absent'>> = {}): Record<string, string> {
  const allModes = Object.fromEntries(Object.values(ENTITY_OF_FILE).map((entity) => [entity, 'absent' as const])) as Record<string, 'bulk' | 'delta' | 'absent'>;
  for (const file of Object.keys(files)) allModes[ENTITY_OF_FILE[file] ?? file] = modes[file] ?? 'bulk';
  return { 'manifest.csv': manifest(allModes), ...Object.fromEntries(Object.entries(files).map(([file, rows]) => [file, csv(rows)])) };
}
