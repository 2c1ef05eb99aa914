import type { CampusGeoJson } from '../../../shared/contract/timetable';

/*
 * Reading the campus GeoJSON (src/server/features/timetable/campus.service.ts): buildings are
 * polygons and rooms points, each with properties `kind`, `id` and `name`; rooms add `building`,
 * `buildingId` and `floor`. Coordinates are [longitude, latitude] (RFC 7946).
 */

export type LngLat = readonly [number, number];

export interface CampusRoom {
  readonly id: string;
  readonly name: string;
  readonly building: string;
  readonly buildingId: string;
  /** Null when the university's data gives none. */
  readonly floor: number | null;
  readonly position: LngLat;
}

export interface CampusBuilding {
  readonly id: string;
  readonly name: string;
  /** The outer ring of its outline. */
  readonly ring: readonly LngLat[];
}

interface RawFeature {
  readonly geometry?: { readonly type?: string; readonly coordinates?: unknown };
  readonly properties?: Record<string, unknown> | null;
}

/** A property as text: a string as it is, a number or boolean written out, anything else ''. */
const asString = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

function isLngLat(value: unknown): value is LngLat {
  return Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number';
}

function features(campus: CampusGeoJson): RawFeature[] {
  return campus.features as RawFeature[];
}

export function campusRooms(campus: CampusGeoJson): CampusRoom[] {
  return features(campus).flatMap((feature) => {
    const props = feature.properties ?? {};
    const position = feature.geometry?.coordinates;
    if (props.kind !== 'room' || feature.geometry?.type !== 'Point' || !isLngLat(position)) return [];
    return [{
      id: asString(props.id),
      name: asString(props.name),
      building: asString(props.building),
      buildingId: asString(props.buildingId),
      floor: typeof props.floor === 'number' ? props.floor : null,
      position,
    }];
  });
}

export function campusBuildings(campus: CampusGeoJson): CampusBuilding[] {
  return features(campus).flatMap((feature) => {
    const props = feature.properties ?? {};
    const rings = feature.geometry?.coordinates;
    if (props.kind !== 'building' || feature.geometry?.type !== 'Polygon' || !Array.isArray(rings)) return [];
    const outer: unknown = rings[0];
    const ring = Array.isArray(outer) ? outer.filter(isLngLat) : [];
    return ring.length > 0 ? [{ id: asString(props.id), name: asString(props.name), ring }] : [];
  });
}

/** The average of a ring's corners (closing point excluded): good enough to place a label. */
export function centreOf(ring: readonly LngLat[]): LngLat {
  const first = ring[0];
  const last = ring.at(-1);
  const points = first && last && first[0] === last[0] && first[1] === last[1] ? ring.slice(0, -1) : ring;
  const sum = points.reduce<[number, number]>((acc, [lng, lat]) => [acc[0] + lng, acc[1] + lat], [0, 0]);
  return [sum[0] / points.length, sum[1] / points.length];
}

/** [[west, south], [east, north]] around every coordinate of the campus. */
export function boundsOf(points: readonly LngLat[]): [LngLat, LngLat] | undefined {
  if (points.length === 0) return undefined;
  const lngs = points.map((point) => point[0]);
  const lats = points.map((point) => point[1]);
  return [[Math.min(...lngs), Math.min(...lats)], [Math.max(...lngs), Math.max(...lats)]];
}

/** 'Ground floor', 'Floor 2', 'Basement level 1'; 'Floor not known' when the data gives none. */
export function describeFloor(floor: number | null): string {
  if (floor === null) return 'Floor not known';
  if (floor === 0) return 'Ground floor';
  return floor > 0 ? `Floor ${floor}` : `Basement level ${-floor}`;
}
