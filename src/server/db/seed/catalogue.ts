import type { EventType } from '../schema.domain.js';

/** The module catalogue of the demo university (its estate is in estate.ts). */

export interface SlotSpec {
  readonly type: EventType;
  /** ISO weekday, 1 Monday … 5 Friday. */
  readonly weekday: number;
  readonly time: string;
  readonly minutes: number;
  readonly room: string;
  readonly isMonitored: boolean;
}

/** Which academic year a module is taken in, relative to the current one. */
export type ModuleStage = 'current' | 'previous' | 'twoYearsAgo';

export interface ModuleSpec {
  readonly code: string;
  readonly name: string;
  readonly stage: ModuleStage;
  readonly staff: string;
  readonly slots: readonly SlotSpec[];
}

const slot = (type: EventType, weekday: number, time: string, minutes: number, room: string, isMonitored: boolean): SlotSpec =>
  ({ type, weekday, time, minutes, room, isMonitored });

const HELEN = 'Dr Helen Marsh';

/** `student` takes the first five current modules; the slots of those five never clash. */
export const moduleSpecs: readonly ModuleSpec[] = [
  { code: 'CS2041', name: 'Data Structures and Algorithms', stage: 'current', staff: HELEN,
    slots: [slot('Lecture', 1, '09:00', 60, 'ENG-0.01', true), slot('Lab', 3, '14:00', 120, 'ENG-2.03', true)] },
  { code: 'CS2052', name: 'Software Engineering', stage: 'current', staff: `${HELEN}; Dr Owen Price`,
    slots: [slot('Lecture', 2, '10:00', 60, 'SCI-0.14', true), slot('Seminar', 4, '11:00', 60, 'LIB-1.01', true)] },
  { code: 'CS2063', name: 'Databases', stage: 'current', staff: 'Dr Tom Avery',
    slots: [slot('Lecture', 1, '11:00', 60, 'ENG-0.01', false), slot('Lab', 5, '10:00', 120, 'ENG-2.03', true)] },
  { code: 'CS2074', name: 'Computer Networks', stage: 'current', staff: 'Prof. Grace Liu',
    slots: [slot('Lecture', 2, '14:00', 60, 'SCI-0.14', false), slot('Lab', 4, '15:00', 60, 'SCI-2.08', true)] },
  { code: 'CS2085', name: 'Human-Computer Interaction', stage: 'current', staff: 'Dr Ruth Ellis',
    slots: [slot('Lecture', 3, '10:00', 60, 'LIB-0.10', false), slot('Workshop', 5, '14:00', 90, 'LIB-2.05', true)] },
  { code: 'CS2096', name: 'Artificial Intelligence', stage: 'current', staff: HELEN,
    slots: [slot('Lecture', 1, '14:00', 60, 'SCI-0.14', false), slot('Tutorial', 4, '09:00', 60, 'ENG-1.12', true)] },
  { code: 'CS1011', name: 'Programming Fundamentals', stage: 'previous', staff: 'Dr Tom Avery',
    slots: [slot('Lecture', 1, '10:00', 60, 'ENG-0.01', true), slot('Lab', 3, '09:00', 120, 'ENG-2.03', true)] },
  { code: 'CS1022', name: 'Discrete Mathematics', stage: 'previous', staff: 'Prof. Grace Liu',
    slots: [slot('Lecture', 2, '09:00', 60, 'SCI-0.14', false), slot('Seminar', 4, '14:00', 60, 'SCI-1.20', true)] },
  { code: 'CS1033', name: 'Computer Systems', stage: 'previous', staff: HELEN,
    slots: [slot('Lecture', 3, '13:00', 60, 'LIB-0.10', false), slot('Lab', 5, '11:00', 120, 'SCI-2.08', true)] },
  { code: 'CS1044', name: 'Web Development', stage: 'previous', staff: 'Dr Ruth Ellis',
    slots: [slot('Lecture', 2, '15:00', 60, 'LIB-0.10', false), slot('Workshop', 4, '10:00', 90, 'LIB-2.05', true)] },
  { code: 'FD0101', name: 'Foundation Mathematics', stage: 'twoYearsAgo', staff: 'Dr Owen Price',
    slots: [slot('Lecture', 1, '10:00', 60, 'LIB-0.10', true), slot('Seminar', 3, '11:00', 60, 'LIB-1.01', true)] },
  { code: 'FD0102', name: 'Introduction to Computing', stage: 'twoYearsAgo', staff: 'Dr Tom Avery',
    slots: [slot('Lecture', 2, '13:00', 60, 'ENG-0.01', false), slot('Lab', 4, '10:00', 120, 'ENG-2.03', true)] },
  { code: 'FD0103', name: 'Academic Skills', stage: 'twoYearsAgo', staff: 'Dr Ruth Ellis',
    slots: [slot('Seminar', 5, '11:00', 60, 'LIB-1.01', true)] },
];

export const STUDENT_MODULES = ['CS2041', 'CS2052', 'CS2063', 'CS2074', 'CS2085'] as const;
export const LECTURER_MODULES = ['CS2041', 'CS2052', 'CS2096', 'CS1033'] as const;
