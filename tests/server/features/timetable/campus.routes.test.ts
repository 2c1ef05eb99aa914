import { beforeAll, describe, expect, it } from 'vitest';
import { campusRoute, roomRoute, roomSchema } from '../../../../src/shared/contract/timetable.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

interface Feature {
  type: 'Feature';
  id: string;
  geometry: { type: string; coordinates: unknown };
  properties: Record<string, unknown>;
}

const t = useTestApp();
let student: Caller;
beforeAll(async () => {
  student = await t.signIn('student');
});

describe('GET /api/timetable/rooms/:roomId', () => {
  it('returns a room with its building, floor and position', async () => {
    const response = await t.call(roomRoute, { params: { roomId: 'ENG-2.03' }, as: student });
    expect(response.statusCode).toBe(200);
    const room = response.json();
    expect(roomSchema.safeParse(room).success).toBe(true);
    expect(room).toMatchObject({ roomId: 'ENG-2.03', roomName: 'Software Lab 2.03', building: 'Engineering Building', floor: 2 });
    expect(room.latitude).toBeCloseTo(51.3795, 3);
    expect(room.longitude).toBeCloseTo(-2.3275, 3);
  });

  it('answers 404 in the error shape for an unknown room', async () => {
    const response = await t.call(roomRoute, { params: { roomId: 'NOPE-9.99' }, as: student });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'The room was not found.', errors: {}, code: 'notFound' });
  });

  it('is open to lecturers and closed to staff without a timetable role', async () => {
    const lecturer = await t.signIn('lecturer');
    expect((await t.call(roomRoute, { params: { roomId: 'SCI-0.14' }, as: lecturer })).statusCode).toBe(200);
    const staff = await t.signIn('staff');
    expect((await t.call(roomRoute, { params: { roomId: 'SCI-0.14' }, as: staff })).statusCode).toBe(403);
  });
});

describe('GET /api/timetable/campus', () => {
  it('is a GeoJSON FeatureCollection of building polygons and room points', async () => {
    const response = await t.call(campusRoute, { as: student });
    expect(response.statusCode).toBe(200);
    const campus = response.json<{ type: string; features: Feature[] }>();
    expect(campus.type).toBe('FeatureCollection');
    const buildings = campus.features.filter((f) => f.geometry.type === 'Polygon');
    const rooms = campus.features.filter((f) => f.geometry.type === 'Point');
    expect(buildings.length + rooms.length).toBe(campus.features.length);
    expect(buildings.map((b) => b.properties.id)).toEqual(['ENG', 'LIB', 'SCI']);
    expect(rooms).toHaveLength(9);

    for (const building of buildings) {
      const ring = (building.geometry.coordinates as [number, number][][])[0] ?? [];
      expect(ring.length).toBeGreaterThanOrEqual(4);
      expect(ring[0]).toEqual(ring[ring.length - 1]); // closed
      expect(building.properties).toMatchObject({ kind: 'building', id: building.id, name: expect.any(String) });
    }
    const lab = rooms.find((r) => r.id === 'ENG-2.03');
    expect(lab?.properties).toEqual({
      kind: 'room', id: 'ENG-2.03', name: 'Software Lab 2.03', building: 'Engineering Building', buildingId: 'ENG', floor: 2,
    });
    // GeoJSON order is [longitude, latitude].
    const [lng, lat] = lab?.geometry.coordinates as [number, number];
    expect(lat).toBeCloseTo(51.3795, 3);
    expect(lng).toBeCloseTo(-2.3275, 3);
  });
});
