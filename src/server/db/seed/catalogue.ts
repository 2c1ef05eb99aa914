import type { Db } from '../database.js';
import type { EventType, GeoJsonPolygon } from '../schema.domain.js';

/** The estate and the module catalogue of the demo university (one campus near Bath). */

interface BuildingSpec {
  readonly id: string;
  readonly name: string;
  readonly latitude: number;
  readonly longitude: number;
}

const buildings: readonly BuildingSpec[] = [
  { id: 'ENG', name: 'Engineering Building', latitude: 51.3795, longitude: -2.3275 },
  { id: 'LIB', name: 'Library and Learning Centre', latitude: 51.3801, longitude: -2.329 },
  { id: 'SCI', name: 'Science Hub', latitude: 51.3788, longitude: -2.3302 },
];

/** [id, name, floor, offset east (m), offset north (m)]; the id's prefix is the building. */
const rooms: readonly [string, string, number, number, number][] = [
  ['ENG-0.01', 'Engineering Lecture Theatre 1', 0, -12, -6],
  ['ENG-1.12', 'Seminar Room 1.12', 1, 10, 4],
  ['ENG-2.03', 'Software Lab 2.03', 2, 18, -5],
  ['LIB-0.10', 'Library Lecture Theatre', 0, -15, 3],
  ['LIB-1.01', 'Group Study Room 1.01', 1, 6, -4],
  ['LIB-2.05', 'Training Room 2.05', 2, 14, 6],
  ['SCI-0.14', 'Science Lecture Theatre', 0, -8, 5],
  ['SCI-1.20', 'Seminar Room 1.20', 1, 9, -3],
  ['SCI-2.08', 'Networks Lab 2.08', 2, 16, 2],
];

const METRES_PER_DEGREE_LAT = 111_320;
const metresPerDegreeLng = (latitude: number): number => METRES_PER_DEGREE_LAT * Math.cos((latitude * Math.PI) / 180);
const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;

/** A rectangle of about 70 m by 40 m around the building's centre, as GeoJSON. */
function outline(building: BuildingSpec): GeoJsonPolygon {
  const dLat = 20 / METRES_PER_DEGREE_LAT;
  const dLng = 35 / metresPerDegreeLng(building.latitude);
  const { latitude: lat, longitude: lng } = building;
  const corners: [number, number][] = [
    [lng - dLng, lat - dLat],
    [lng + dLng, lat - dLat],
    [lng + dLng, lat + dLat],
    [lng - dLng, lat + dLat],
    [lng - dLng, lat - dLat],
  ];
  return { type: 'Polygon', coordinates: [corners.map(([x, y]) => [round6(x), round6(y)])] };
}

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

/** Inserts buildings, rooms and modules. Returns module ids by code. */
export async function seedCatalogue(db: Db): Promise<Map<string, number>> {
  await db
    .insertInto('buildings')
    .values(buildings.map((b) => ({ id: b.id, name: b.name, polygon: JSON.stringify(outline(b)) })))
    .execute();
  const byId = new Map(buildings.map((b) => [b.id, b]));
  await db
    .insertInto('rooms')
    .values(
      rooms.map(([id, name, floor, east, north]) => {
        const building = byId.get(id.slice(0, 3));
        if (!building) throw new Error(`No building for room ${id}`);
        return {
          id, name, floor, building_id: building.id,
          latitude: round6(building.latitude + north / METRES_PER_DEGREE_LAT),
          longitude: round6(building.longitude + east / metresPerDegreeLng(building.latitude)),
        };
      }),
    )
    .execute();
  const inserted = await db
    .insertInto('modules')
    .values(moduleSpecs.map((m) => ({ code: m.code, name: m.name })))
    .returning(['id', 'code'])
    .execute();
  return new Map(inserted.map((m) => [m.code, m.id]));
}
