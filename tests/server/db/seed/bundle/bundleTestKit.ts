import { parse } from 'csv-parse/sync';
import type { Bundle, BundleEntryName } from '../../../../../src/server/db/seed/bundle/index.js';

/** Reading generated bundles back the way an importer would (csv-parse, columns by name), and checking them. */

export type CsvRow = Record<string, string>;
export type ParsedBundle = Record<BundleEntryName, CsvRow[]>;

export function textOf(lines: Iterable<string>): string {
  let text = '';
  for (const line of lines) text += line;
  return text;
}

export function parseCsv(text: string): { columns: string[]; rows: CsvRow[] } {
  const records = parse(text, { bom: true }) as string[][];
  const [header = [], ...body] = records;
  return { columns: header, rows: body.map((values) => Object.fromEntries(header.map((column, i) => [column, values[i] ?? '']))) };
}

export function parseBundle(bundle: Bundle): { texts: Record<BundleEntryName, string>; columns: Record<BundleEntryName, string[]>; rows: ParsedBundle } {
  const texts = {} as Record<BundleEntryName, string>;
  const columns = {} as Record<BundleEntryName, string[]>;
  const rows = {} as ParsedBundle;
  for (const name of Object.keys(bundle) as BundleEntryName[]) {
    texts[name] = textOf(bundle[name]);
    const parsed = parseCsv(texts[name]);
    columns[name] = parsed.columns;
    rows[name] = parsed.rows;
  }
  return { texts, columns, rows };
}

/** The required columns of each file, as IMPORT-FORMAT.md lists them. */
export const REQUIRED_COLUMNS: Record<BundleEntryName, readonly string[]> = {
  'manifest.csv': ['propertyName', 'value'],
  'academicSessions.csv': ['sourcedId', 'title', 'type', 'startDate', 'endDate'],
  'orgs.csv': ['sourcedId', 'name', 'type'],
  'courses.csv': ['sourcedId', 'title', 'courseCode'],
  'classes.csv': ['sourcedId', 'title', 'courseSourcedId', 'classType'],
  'users.csv': ['sourcedId', 'enabledUser', 'username', 'givenName', 'familyName'],
  'roles.csv': ['sourcedId', 'userSourcedId', 'roleType', 'role', 'orgSourcedId'],
  'enrollments.csv': ['sourcedId', 'classSourcedId', 'userSourcedId', 'role'],
  'ext.rooms.csv': ['sourcedId', 'name', 'building'],
  'ext.events.csv': ['sourcedId', 'classSourcedId', 'eventType', 'start', 'end'],
  'ext.absenceCategories.csv': ['sourcedId', 'name', 'description', 'absenceType', 'requiresDescription', 'requiresEvidence'],
};

const list = (value: string | undefined): string[] => (value ? value.split(',') : []);
const withOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const flags = new Set(['true', 'false']);

/**
 * Everything wrong with a bundle, as readable lines (an empty list when it is sound): missing
 * columns, duplicate ids, references to nothing, malformed values, roles that do not match
 * enrolments, and users whose sourcedId is not their user name.
 */
export function bundleProblems(columns: Record<BundleEntryName, string[]>, b: ParsedBundle): string[] {
  const problems: string[] = [];
  for (const [name, required] of Object.entries(REQUIRED_COLUMNS) as [BundleEntryName, readonly string[]][]) {
    for (const column of required) if (!columns[name].includes(column)) problems.push(`${name}: no column ${column}`);
    if (name === 'manifest.csv') continue;
    const seen = new Set<string>();
    for (const row of b[name]) {
      const id = row.sourcedId ?? '';
      if (id === '') problems.push(`${name}: a blank sourcedId`);
      if (seen.has(id)) problems.push(`${name}: duplicate sourcedId ${id}`);
      seen.add(id);
    }
  }
  const ids = (name: BundleEntryName, where: (row: CsvRow) => boolean = () => true) =>
    new Set(b[name].filter(where).map((r) => r.sourcedId ?? ''));
  const years = ids('academicSessions.csv', (r) => r.type === 'schoolYear');
  const terms = ids('academicSessions.csv', (r) => r.type === 'term');
  const orgs = ids('orgs.csv');
  const courses = ids('courses.csv');
  const classes = ids('classes.csv');
  const users = ids('users.csv');
  const rooms = ids('ext.rooms.csv');
  const expect = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };

  for (const r of b['academicSessions.csv']) {
    expect(isoDate.test(r.startDate ?? '') && isoDate.test(r.endDate ?? '') && (r.startDate ?? '') <= (r.endDate ?? ''), `session ${r.sourcedId}: dates ${r.startDate}..${r.endDate}`);
    if (r.type === 'term') expect(years.has(r.parentSourcedId ?? ''), `term ${r.sourcedId}: parent ${r.parentSourcedId} is no school year`);
  }
  for (const r of b['orgs.csv']) if (r.parentSourcedId) expect(orgs.has(r.parentSourcedId), `org ${r.sourcedId}: parent ${r.parentSourcedId}`);
  for (const r of b['courses.csv']) {
    expect(years.has(r.schoolYearSourcedId ?? ''), `course ${r.sourcedId}: year ${r.schoolYearSourcedId}`);
    expect(orgs.has(r.orgSourcedId ?? ''), `course ${r.sourcedId}: org ${r.orgSourcedId}`);
  }
  for (const r of b['classes.csv']) {
    expect(courses.has(r.courseSourcedId ?? ''), `class ${r.sourcedId}: course ${r.courseSourcedId}`);
    expect(orgs.has(r.schoolSourcedId ?? ''), `class ${r.sourcedId}: school ${r.schoolSourcedId}`);
    expect(r.classType === 'scheduled', `class ${r.sourcedId}: classType ${r.classType}`);
    const classTerms = list(r.termSourcedIds);
    expect(classTerms.length > 0 && classTerms.every((t) => terms.has(t)), `class ${r.sourcedId}: terms ${r.termSourcedIds}`);
  }
  for (const r of b['users.csv']) {
    expect(r.username === r.sourcedId, `user ${r.sourcedId}: username ${r.username}`);
    expect(r.enabledUser === 'true', `user ${r.sourcedId}: enabledUser ${r.enabledUser}`);
    expect(orgs.has(r.primaryOrgSourcedId ?? ''), `user ${r.sourcedId}: org ${r.primaryOrgSourcedId}`);
    const tutor = r['metadata.cc.personalTutorSourcedId'];
    if (tutor) expect(users.has(tutor), `user ${r.sourcedId}: tutor ${tutor}`);
    const visa = r['metadata.cc.isStudentVisaHolder'];
    if (visa) expect(flags.has(visa), `user ${r.sourcedId}: visa flag ${visa}`);
  }
  const rolesOf = new Map<string, Set<string>>();
  for (const r of b['roles.csv']) {
    expect(users.has(r.userSourcedId ?? ''), `role ${r.sourcedId}: user ${r.userSourcedId}`);
    expect(orgs.has(r.orgSourcedId ?? ''), `role ${r.sourcedId}: org ${r.orgSourcedId}`);
    expect(r.role === 'student' || r.role === 'teacher', `role ${r.sourcedId}: role ${r.role}`);
    rolesOf.set(r.userSourcedId ?? '', new Set([...(rolesOf.get(r.userSourcedId ?? '') ?? []), r.role ?? '']));
  }
  for (const r of b['enrollments.csv']) {
    expect(classes.has(r.classSourcedId ?? ''), `enrolment ${r.sourcedId}: class ${r.classSourcedId}`);
    expect(users.has(r.userSourcedId ?? ''), `enrolment ${r.sourcedId}: user ${r.userSourcedId}`);
    expect(rolesOf.get(r.userSourcedId ?? '')?.has(r.role ?? '') === true, `enrolment ${r.sourcedId}: ${r.userSourcedId} has no ${r.role} role`);
  }
  const eventTypes = new Set(['Lecture', 'Seminar', 'Lab', 'Tutorial', 'Workshop', 'Exam', 'Other']);
  for (const r of b['ext.events.csv']) {
    expect(classes.has(r.classSourcedId ?? ''), `event ${r.sourcedId}: class ${r.classSourcedId}`);
    if (r.roomSourcedId) expect(rooms.has(r.roomSourcedId), `event ${r.sourcedId}: room ${r.roomSourcedId}`);
    for (const teacher of list(r.teacherSourcedIds)) expect(users.has(teacher), `event ${r.sourcedId}: teacher ${teacher}`);
    expect(eventTypes.has(r.eventType ?? ''), `event ${r.sourcedId}: type ${r.eventType}`);
    expect(withOffset.test(r.start ?? '') && withOffset.test(r.end ?? ''), `event ${r.sourcedId}: ${r.start} / ${r.end} without an offset`);
    expect(Date.parse(r.end ?? '') > Date.parse(r.start ?? ''), `event ${r.sourcedId}: ends ${r.end}, not after ${r.start}`);
    expect(flags.has(r.isAttendanceMonitored ?? ''), `event ${r.sourcedId}: monitored ${r.isAttendanceMonitored}`);
    expect(r.eventStatus === 'scheduled' || r.eventStatus === 'cancelled', `event ${r.sourcedId}: status ${r.eventStatus}`);
  }
  for (const r of b['ext.absenceCategories.csv']) {
    expect(r.absenceType === 'Authorised' || r.absenceType === 'Informed', `category ${r.sourcedId}: type ${r.absenceType}`);
    expect(flags.has(r.requiresDescription ?? '') && flags.has(r.requiresEvidence ?? ''), `category ${r.sourcedId}: flags`);
  }
  for (const r of b['ext.rooms.csv']) {
    for (const column of ['latitude', 'longitude', 'floor', 'capacity']) {
      const value = r[column];
      if (value) expect(Number.isFinite(Number(value)), `room ${r.sourcedId}: ${column} ${value}`);
    }
  }
  return problems;
}

/** The manifest's properties, and the data files it names as present. */
export function manifestOf(b: ParsedBundle): { properties: Map<string, string>; files: string[] } {
  const properties = new Map(b['manifest.csv'].map((r) => [r.propertyName ?? '', r.value ?? '']));
  const files = [...properties].filter(([key, mode]) => key.startsWith('file.') && mode !== 'absent').map(([key]) => `${key.slice('file.'.length)}.csv`);
  return { properties, files };
}

/** Pairs of [start, end) spans that overlap, among spans given with a label. */
export function overlapping(spans: readonly { label: string; start: number; end: number }[]): string[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const clashes: string[] = [];
  let latest: { label: string; end: number } | undefined;
  for (const span of sorted) {
    if (latest && span.start < latest.end) clashes.push(`${latest.label} and ${span.label}`);
    if (!latest || span.end > latest.end) latest = span;
  }
  return clashes;
}

/**
 * Whether an instant is in British Summer Time, by the rule itself (from 01:00 UTC on the last
 * Sunday of March to 01:00 UTC on the last Sunday of October), not by the code under test.
 */
export function isBritishSummerTime(ms: number): boolean {
  const year = new Date(ms).getUTCFullYear();
  const lastSundayAt1 = (month: number) => {
    const lastDay = new Date(Date.UTC(year, month + 1, 0));
    return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
  };
  return ms >= lastSundayAt1(2) && ms < lastSundayAt1(9);
}
