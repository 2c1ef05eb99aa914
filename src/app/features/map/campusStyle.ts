import type { Feature, FeatureCollection } from 'geojson';
import type { ExpressionSpecification, StyleSpecification } from 'maplibre-gl';
import type { CampusGeoJson } from '../../../shared/contract/timetable';
import { isRecord } from '../../../shared/guards';

type CampusFeature = CampusGeoJson['features'][number];

/**
 * A feature MapLibre can draw: a geometry object and properties. The contract checks only the
 * collection's outline; MapLibre checks the coordinates itself.
 */
function isDrawable(feature: CampusFeature): feature is CampusFeature & Feature {
  return isRecord(feature.geometry) && typeof feature.geometry.type === 'string' && (feature.properties === null || isRecord(feature.properties));
}

/** Colours of the campus map; the selected room and its building stand out. */
export const mapColours = {
  background: '#eef1f5',
  building: '#d5dbe4',
  selectedBuilding: '#c7d2fe',
  outline: '#475569',
  room: '#64748b',
  selectedRoom: '#b91c1c',
} as const;

/**
 * A MapLibre style built from the campus GeoJSON alone: no tiles, glyphs or sprites, so it needs
 * no network (labels are HTML markers). Layers: background, building fills and outlines, room
 * points, the selected room on top.
 */
export function campusStyle(campus: CampusGeoJson, selected: { readonly roomId: string; readonly buildingId: string | undefined }): StyleSpecification {
  const isKind = (kind: string): ExpressionSpecification => ['==', ['get', 'kind'], kind];
  const isRoom: ExpressionSpecification = ['==', ['get', 'id'], selected.roomId];
  const data: FeatureCollection = { type: 'FeatureCollection', features: campus.features.filter(isDrawable) };
  // An optional basemap (configured on the server) goes under the campus; without it, no network.
  const basemap = campus.basemap;
  return {
    version: 8,
    sources: {
      campus: { type: 'geojson', data },
      ...(basemap ? { basemap: { type: 'raster' as const, tiles: [basemap.tiles], tileSize: 256, attribution: basemap.attribution } } : {}),
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': mapColours.background } },
      ...(basemap ? [{ id: 'basemap', type: 'raster' as const, source: 'basemap' }] : []),
      {
        id: 'buildings-fill',
        type: 'fill',
        source: 'campus',
        filter: isKind('building'),
        paint: {
          'fill-color': ['case', ['==', ['get', 'id'], selected.buildingId ?? ''], mapColours.selectedBuilding, mapColours.building],
        },
      },
      {
        id: 'buildings-outline',
        type: 'line',
        source: 'campus',
        filter: isKind('building'),
        paint: { 'line-color': mapColours.outline, 'line-width': 1.5 },
      },
      {
        id: 'rooms',
        type: 'circle',
        source: 'campus',
        filter: ['all', isKind('room'), ['!', isRoom]],
        paint: { 'circle-radius': 4, 'circle-color': mapColours.room, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1 },
      },
      {
        id: 'room-selected',
        type: 'circle',
        source: 'campus',
        filter: ['all', isKind('room'), isRoom],
        paint: { 'circle-radius': 10, 'circle-color': mapColours.selectedRoom, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 3 },
      },
    ],
  } satisfies StyleSpecification;
}
