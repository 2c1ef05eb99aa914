import { hashSeed } from '../../prng.js';
import { offsetPosition } from '../../estate.js';
import { type GroupSlot, groupCode, groupTitle, groupTerms } from '../groups.js';
import { academicYearId, classId, courseId, groupLetter } from '../ids.js';
import type { BundleEventType, ClassRecord, CourseRecord, OrgRecord, RoomRecord } from '../records.js';
import type { Layout } from './layout.js';

/**
 * The large university's schools, modules, teaching groups and estate, each worked out from its
 * index. Module m belongs to school m mod the number of schools; its lecture group is followed
 * by its other groups, all of one kind (lab, seminar, tutorial or workshop, by turns).
 */

const SCHOOLS: readonly { readonly prefix: string; readonly subject: string }[] = [
  { prefix: 'CS', subject: 'Computer Science' }, { prefix: 'EE', subject: 'Electronic Engineering' },
  { prefix: 'ME', subject: 'Mechanical Engineering' }, { prefix: 'MA', subject: 'Mathematics' },
  { prefix: 'PH', subject: 'Physics' }, { prefix: 'CH', subject: 'Chemistry' },
  { prefix: 'BI', subject: 'Biology' }, { prefix: 'EC', subject: 'Economics' },
  { prefix: 'HI', subject: 'History' }, { prefix: 'LW', subject: 'Law' },
  { prefix: 'PS', subject: 'Psychology' }, { prefix: 'EN', subject: 'English' },
];
const TOPICS = [
  'Foundations', 'Methods', 'Theory', 'Practice', 'Systems', 'Analysis', 'Design', 'Research Skills',
  'Applications', 'Advanced Topics', 'Project', 'Perspectives',
];
const SPLIT_KINDS: readonly BundleEventType[] = ['Lab', 'Seminar', 'Tutorial', 'Workshop'];
const MINUTES: Readonly<Record<BundleEventType, number>> = { Lecture: 60, Lab: 120, Seminar: 60, Tutorial: 60, Workshop: 90, Exam: 120, Other: 60 };
const BUILDING_NAMES = ['Engineering', 'Library', 'Science', 'Arts', 'Business', 'Medical', 'Humanities', 'Innovation'];
const ROOMS_PER_BUILDING = 24;
const CAMPUS_CENTRE = { latitude: 51.3795, longitude: -2.3275 };

export const UNIVERSITY_ORG = 'org-university';
export const SERVICES_ORG = 'org-professional-services';
export const schoolOrg = (s: number): string => `org-school-${(SCHOOLS[s]?.prefix ?? `S${s}`).toLowerCase()}`;
const schoolOf = (s: number) => SCHOOLS[s] ?? { prefix: `S${s}`, subject: `School ${s + 1}` };
/** The subject of school s, e.g. 'Computer Science'. */
export const schoolSubject = (s: number): string => schoolOf(s).subject;

export function* largeOrgRecords(layout: Layout): Generator<OrgRecord> {
  yield { sourcedId: UNIVERSITY_ORG, name: 'Campus Companion Large University', type: 'district', identifier: 'LARGE', parentSourcedId: null };
  for (let s = 0; s < layout.schools; s += 1) {
    yield { sourcedId: schoolOrg(s), name: `School of ${schoolOf(s).subject}`, type: 'school', identifier: schoolOf(s).prefix, parentSourcedId: UNIVERSITY_ORG };
  }
  yield { sourcedId: SERVICES_ORG, name: 'Professional Services', type: 'department', identifier: 'PSV', parentSourcedId: UNIVERSITY_ORG };
}

export interface LargeModule {
  readonly index: number;
  readonly code: string;
  readonly title: string;
  readonly school: number;
  readonly courseSourcedId: string;
}

export function moduleAt(layout: Layout, m: number): LargeModule {
  const school = m % layout.schools;
  const n = Math.floor(m / layout.schools);
  const { prefix, subject } = schoolOf(school);
  const code = `${prefix}${String(1001 + n).padStart(4, '0')}`;
  const round = Math.floor(n / TOPICS.length);
  const title = `${subject} ${TOPICS[n % TOPICS.length] ?? 'Studies'}${round > 0 ? ` ${round + 1}` : ''}`;
  return { index: m, code, title, school, courseSourcedId: courseId(code, layout.year.start) };
}

export interface LargeGroup {
  /** Global index among all groups. */
  readonly index: number;
  readonly sourcedId: string;
  readonly classCode: string;
  readonly title: string;
  readonly kind: BundleEventType;
  readonly slots: readonly GroupSlot[];
}

const roomId = (r: number): string => `B${String(Math.floor(r / ROOMS_PER_BUILDING) + 1).padStart(2, '0')}-${Math.floor((r % ROOMS_PER_BUILDING) / 8)}.${String((r % 8) + 1).padStart(2, '0')}`;

/** A group's weekly slots at hashed times (09:00 to 16:00, Monday to Friday); lectures in theatres. */
function slotsOf(layout: Layout, index: number, sourcedId: string, kind: BundleEventType): GroupSlot[] {
  const theatres = Math.ceil(layout.rooms / 8);
  return Array.from({ length: layout.slotsOf(index) }, (_, k) => {
    const h = hashSeed(`${sourcedId}|${k}`);
    return {
      index: k, weekday: 1 + (h % 5), time: `${String(9 + ((h >>> 3) % 8)).padStart(2, '0')}:00`, minutes: MINUTES[kind],
      type: kind, room: kind === 'Lecture' ? roomId(8 * ((h >>> 7) % theatres)) : roomId((h >>> 7) % layout.rooms), isMonitored: kind !== 'Lecture' || (h >>> 20) % 2 === 0,
    };
  });
}

/** Module m's groups: the lecture group, then its other groups A, B, … */
export function groupsOf(layout: Layout, module: LargeModule): LargeGroup[] {
  const first = layout.firstGroup(module.index);
  const kind = SPLIT_KINDS[module.index % SPLIT_KINDS.length] ?? 'Seminar';
  const make = (offset: number, k: BundleEventType, letter: string | null): LargeGroup => {
    const code = groupCode(k, letter);
    const sourcedId = classId(module.code, layout.year.start, code);
    return {
      index: first + offset, sourcedId, classCode: `${module.code}-${code}`, title: groupTitle(module.code, k, letter), kind: k,
      slots: slotsOf(layout, first + offset, sourcedId, k),
    };
  };
  return [make(0, 'Lecture', null), ...Array.from({ length: layout.nonLectureGroups(module.index) }, (_, j) => make(j + 1, kind, groupLetter(j)))];
}

export function* largeCourseRecords(layout: Layout): Generator<CourseRecord> {
  for (let m = 0; m < layout.options.modules; m += 1) {
    const module = moduleAt(layout, m);
    yield {
      sourcedId: module.courseSourcedId, title: module.title, courseCode: module.code,
      schoolYearSourcedId: academicYearId(layout.year.start), orgSourcedId: schoolOrg(module.school),
    };
  }
}

export function* largeClassRecords(layout: Layout): Generator<ClassRecord> {
  for (let m = 0; m < layout.options.modules; m += 1) {
    const module = moduleAt(layout, m);
    for (const group of groupsOf(layout, module)) {
      yield {
        sourcedId: group.sourcedId, title: group.title, courseSourcedId: module.courseSourcedId, classCode: group.classCode,
        termSourcedIds: groupTerms(layout.year, group.slots), schoolSourcedId: schoolOrg(module.school),
      };
    }
  }
}

/** Rooms in buildings of 24 (three floors of eight), the buildings on a grid 120 m apart; the first room of each floor is a theatre. */
export function* largeRoomRecords(layout: Layout): Generator<RoomRecord> {
  for (let r = 0; r < layout.rooms; r += 1) {
    const b = Math.floor(r / ROOMS_PER_BUILDING);
    const floor = Math.floor((r % ROOMS_PER_BUILDING) / 8);
    const isTheatre = r % 8 === 0;
    const centre = offsetPosition(CAMPUS_CENTRE, (b % 6) * 120, Math.floor(b / 6) * 120);
    yield {
      sourcedId: roomId(r), name: isTheatre ? `Lecture Theatre ${roomId(r)}` : `Teaching Room ${roomId(r)}`,
      building: `${BUILDING_NAMES[b % BUILDING_NAMES.length] ?? 'Teaching'} Building ${Math.floor(b / BUILDING_NAMES.length) + 1}`,
      ...offsetPosition(centre, (r % 8) * 6, floor * 3), floor, capacity: isTheatre ? 250 : 40,
    };
  }
}
