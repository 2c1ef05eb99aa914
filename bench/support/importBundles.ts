import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import yazl from 'yazl';
import { addMinutes, calendarRules } from '../../src/server/calendar/academicCalendar.js';
import { LARGE_DEFAULTS, largeUniversity, type LargeUniversityOptions } from '../../src/server/db/seed/bundle/index.js';
import { csvLine } from '../../src/server/db/seed/bundle/csv.js';
import { enrollmentId } from '../../src/server/db/seed/bundle/ids.js';
import { offsetFormatter } from '../../src/server/db/seed/bundle/offsetTime.js';

/**
 * The bundles the import benchmark applies: the large university of the demo bundle generator
 * (scripts/demo-bundle.mjs --large), and a delta of it that moves 1% of its events and removes
 * 1% of its enrolments, made from the same generator so it names the very records applied before.
 */

export type UniversitySize = Omit<LargeUniversityOptions, 'today'>;

/** BENCH_QUICK: the size of the generator's own small test university. */
export const QUICK_SIZE: UniversitySize = { students: 500, staff: 60, modules: 40, groups: 100, enrolmentsTarget: 5_000, eventsTarget: 4_000 };

/** The large university's defaults times `scale` (1 = 35,000 students, 250,000 events). */
export function scaledSize(scale: number): UniversitySize {
  if (scale === 1) return LARGE_DEFAULTS;
  const times = (n: number, min: number) => Math.max(min, Math.round(n * scale));
  const modules = times(LARGE_DEFAULTS.modules, 10);
  return {
    students: times(LARGE_DEFAULTS.students, 50), staff: times(LARGE_DEFAULTS.staff, 10), modules,
    groups: Math.max(2 * modules, times(LARGE_DEFAULTS.groups, 20)),
    enrolmentsTarget: times(LARGE_DEFAULTS.enrolmentsTarget, 500), eventsTarget: times(LARGE_DEFAULTS.eventsTarget, 400),
  };
}

export interface DeltaBundle {
  readonly path: string;
  /** Events moved (an hour later, another room), enrolments marked tobedeleted. */
  readonly movedEvents: number;
  readonly removedEnrolments: number;
}

const PER = 100;

/**
 * A delta bundle (manifest: ext.events and enrollments `delta`, every other file `absent`): every
 * hundredth event of the university moved an hour later into the next room, every hundredth
 * enrolment `tobedeleted`.
 */
export async function writeDeltaBundle(options: LargeUniversityOptions, path: string): Promise<DeltaBundle> {
  const university = largeUniversity(options);
  const formatInstant = offsetFormatter(calendarRules().timeZone);
  const modified = new Date().toISOString();
  const rooms = [...university.rooms].map((r) => r.sourcedId);
  const nextRoom = (room: string | null) => rooms[(rooms.indexOf(room ?? '') + 1) % rooms.length] ?? null;

  const events = [csvLine(['sourcedId', 'status', 'dateLastModified', 'classSourcedId', 'eventType', 'start', 'end', 'roomSourcedId', 'teacherSourcedIds', 'isAttendanceMonitored', 'eventStatus'])];
  let index = 0;
  for (const e of university.events) {
    if (index++ % PER !== 0) continue;
    events.push(csvLine([
      e.sourcedId, 'active', modified, e.classSourcedId, e.eventType, formatInstant(addMinutes(e.start, 60)), formatInstant(addMinutes(e.end, 60)),
      nextRoom(e.roomSourcedId), e.teacherSourcedIds.length > 0 ? e.teacherSourcedIds : null, e.isAttendanceMonitored, e.isCancelled ? 'cancelled' : 'scheduled',
    ]));
  }
  const enrollments = [csvLine(['sourcedId', 'status', 'dateLastModified', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role', 'primary'])];
  index = 0;
  for (const r of university.enrollments) {
    if (index++ % PER !== 0) continue;
    enrollments.push(csvLine([enrollmentId(r.classSourcedId, r.userSourcedId), 'tobedeleted', modified, r.classSourcedId, r.schoolSourcedId, r.userSourcedId, r.role, r.isPrimary]));
  }
  const manifest = [
    csvLine(['propertyName', 'value']), csvLine(['manifest.version', '1.0']), csvLine(['oneroster.version', '1.2']),
    ...['academicSessions', 'orgs', 'courses', 'classes', 'users', 'roles'].map((f) => csvLine([`file.${f}`, 'absent'])),
    csvLine(['file.enrollments', 'delta']), csvLine(['file.ext.rooms', 'absent']), csvLine(['file.ext.events', 'delta']),
    csvLine(['file.ext.absenceCategories', 'absent']),
    csvLine(['source.systemName', 'Campus Companion benchmark (1% delta)']), csvLine(['source.systemCode', 'bench']),
  ];
  const zip = new yazl.ZipFile();
  for (const [name, lines] of [['manifest.csv', manifest], ['enrollments.csv', enrollments], ['ext.events.csv', events]] as const) {
    zip.addBuffer(Buffer.from(lines.join(''), 'utf8'), name, { mtime: new Date(1980, 0, 1) });
  }
  zip.end();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await once(out, 'close');
  return { path, movedEvents: events.length - 1, removedEnrolments: enrollments.length - 1 };
}
