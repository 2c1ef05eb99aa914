import type { CampusGeoJson, Room } from '../../../shared/contract/timetable.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';

/** One room for the map view; 404 for an id that is not a room. */
export async function loadRoom(db: Db, roomId: string): Promise<Room> {
  const row = await db
    .selectFrom('rooms as r')
    .innerJoin('buildings as b', 'b.id', 'r.building_id')
    .select(['r.id', 'r.name', 'b.name as building', 'r.floor', 'r.latitude', 'r.longitude'])
    .where('r.id', '=', roomId)
    .executeTakeFirst();
  // A room the university gave no coordinates is on timetables but not on the map.
  if (!row || row.latitude === null || row.longitude === null) throw notFound('The room');
  return { roomId: row.id, roomName: row.name, building: row.building, floor: row.floor, latitude: row.latitude, longitude: row.longitude };
}

/**
 * The campus as a GeoJSON FeatureCollection (RFC 7946, [longitude, latitude]): buildings as
 * polygons, then rooms as points. Every feature's properties carry `kind` ('building' | 'room'),
 * `id` and `name`; rooms add `building` (its name), `buildingId` and `floor`.
 */
export async function loadCampus(db: Db): Promise<CampusGeoJson> {
  const [buildings, rooms] = await Promise.all([
    db.selectFrom('buildings').select(['id', 'name', 'polygon']).where('polygon', 'is not', null).orderBy('id').execute(),
    db
      .selectFrom('rooms as r')
      .innerJoin('buildings as b', 'b.id', 'r.building_id')
      .select(['r.id', 'r.name', 'r.building_id', 'b.name as building', 'r.floor', 'r.latitude', 'r.longitude'])
      .where('r.latitude', 'is not', null)
      .where('r.longitude', 'is not', null)
      .where('r.is_active', '=', true)
      .orderBy('r.id')
      .execute(),
  ]);
  return {
    type: 'FeatureCollection',
    features: [
      ...buildings.map((b) => ({
        type: 'Feature' as const,
        id: b.id,
        geometry: b.polygon,
        properties: { kind: 'building', id: b.id, name: b.name },
      })),
      ...rooms.map((r) => ({
        type: 'Feature' as const,
        id: r.id,
        geometry: { type: 'Point', coordinates: [r.longitude, r.latitude] },
        properties: { kind: 'room', id: r.id, name: r.name, building: r.building, buildingId: r.building_id, floor: r.floor },
      })),
    ],
  };
}
