import { describe, expect, it } from 'vitest';
import { boundsOf, campusBuildings, campusRooms, centreOf, describeFloor } from '../../../../src/app/features/map/campusFeatures';
import { campusStyle } from '../../../../src/app/features/map/campusStyle';
import type { CampusGeoJson } from '../../../../src/shared/contract/timetable';

const campus: CampusGeoJson = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [[[0, 0], [2, 0], [2, 2], [0, 2], [0, 0]]] },
      properties: { kind: 'building', id: 'ENG', name: 'Engineering' },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [1, 1] },
      properties: { kind: 'room', id: 'ENG-2.03', name: 'Lab 3', building: 'Engineering', buildingId: 'ENG', floor: 2 },
    },
  ],
};

describe('campus features', () => {
  it('reads rooms and buildings from the GeoJSON', () => {
    expect(campusRooms(campus)).toEqual([
      { id: 'ENG-2.03', name: 'Lab 3', building: 'Engineering', buildingId: 'ENG', floor: 2, position: [1, 1] },
    ]);
    expect(campusBuildings(campus).map((building) => building.name)).toEqual(['Engineering']);
  });

  it('places labels at the centre and frames the campus', () => {
    const ring = campusBuildings(campus)[0]?.ring ?? [];
    expect(centreOf(ring)).toEqual([1, 1]);
    expect(boundsOf(ring)).toEqual([[0, 0], [2, 2]]);
    expect(boundsOf([])).toBeUndefined();
  });

  it('names floors', () => {
    expect(describeFloor(0)).toBe('Ground floor');
    expect(describeFloor(2)).toBe('Floor 2');
    expect(describeFloor(-1)).toBe('Basement level 1');
  });
});

describe('campusStyle', () => {
  const style = campusStyle(campus, { roomId: 'ENG-2.03', buildingId: 'ENG' });

  it('needs no network: one inline GeoJSON source, no tiles, glyphs or sprites', () => {
    expect(Object.values(style.sources)).toEqual([{ type: 'geojson', data: campus }]);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.layers.some((layer) => layer.type === 'symbol' || layer.type === 'raster')).toBe(false);
  });

  it('draws background, buildings, rooms and the selected room on top', () => {
    expect(style.layers.map((layer) => `${layer.id}:${layer.type}`)).toEqual([
      'background:background',
      'buildings-fill:fill',
      'buildings-outline:line',
      'rooms:circle',
      'room-selected:circle',
    ]);
    expect(JSON.stringify(style.layers.at(-1))).toContain('ENG-2.03');
  });
});

describe('the optional basemap', () => {
  it('needs no network without one: only our own GeoJSON source', () => {
    const style = campusStyle(campus, { roomId: 'ENG-2.03', buildingId: 'ENG' });
    expect(Object.keys(style.sources)).toEqual(['campus']);
    expect(style.layers.some((layer) => layer.type === 'raster')).toBe(false);
  });

  it('draws configured raster tiles under the campus, with their attribution', () => {
    const basemap = { tiles: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example' };
    const style = campusStyle({ ...campus, basemap }, { roomId: 'ENG-2.03', buildingId: 'ENG' });
    expect(style.sources.basemap).toMatchObject({ type: 'raster', tiles: [basemap.tiles], attribution: '© Example' });
    expect(style.layers.map((layer) => layer.id).slice(0, 3)).toEqual(['background', 'basemap', 'buildings-fill']);
  });
});
