import type { Db } from '../database.js';
import type { GeoJsonPolygon } from '../schema.domain.js';

/**
 * The demo campus near Bath: three buildings and their rooms. The rooms travel in the demo bundle
 * (ext.rooms.csv); the buildings' outlines, which the import format does not carry, are written
 * by the seed before the import, so the imported rooms join them by building name.
 */

interface BuildingSpec {
  readonly id: string;
  readonly name: string;
  readonly latitude: number;
  readonly longitude: number;
}

export const demoBuildings: readonly BuildingSpec[] = [
  { id: 'ENG', name: 'Engineering Building', latitude: 51.3795, longitude: -2.3275 },
  { id: 'LIB', name: 'Library and Learning Centre', latitude: 51.3801, longitude: -2.329 },
  { id: 'SCI', name: 'Science Hub', latitude: 51.3788, longitude: -2.3302 },
];

/** [id, name, floor, metres east, metres north]; the id's prefix is the building. */
export const demoRooms: readonly (readonly [string, string, number, number, number])[] = [
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

/** A point `east` and `north` metres from a centre, to six decimals (about 10 cm). */
export function offsetPosition(
  centre: { readonly latitude: number; readonly longitude: number }, east: number, north: number,
): { latitude: number; longitude: number } {
  return {
    latitude: round6(centre.latitude + north / METRES_PER_DEGREE_LAT),
    longitude: round6(centre.longitude + east / metresPerDegreeLng(centre.latitude)),
  };
}

/** A rectangle of about 70 m by 40 m around the building's centre, as GeoJSON. */
function outline(building: BuildingSpec): GeoJsonPolygon {
  const corner = (east: number, north: number): [number, number] => {
    const p = offsetPosition(building, east, north);
    return [p.longitude, p.latitude];
  };
  return { type: 'Polygon', coordinates: [[corner(-35, -20), corner(35, -20), corner(35, 20), corner(-35, 20), corner(-35, -20)]] };
}

/** The buildings with their outlines (the rooms come with the bundle). */
export async function seedBuildings(db: Db): Promise<void> {
  await db.insertInto('buildings').values(demoBuildings.map((b) => ({ id: b.id, name: b.name, polygon: JSON.stringify(outline(b)) }))).execute();
}
