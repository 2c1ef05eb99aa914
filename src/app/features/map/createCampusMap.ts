import { Map as MapLibreMap, Marker, NavigationControl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { CampusGeoJson } from '../../../shared/contract/timetable';
import { isRecord } from '../../../shared/guards';
import { boundsOf, campusBuildings, campusRooms, centreOf, type CampusRoom } from './campusFeatures';
import { campusStyle } from './campusStyle';

/*
 * The MapLibre part of the map page. Only ever loaded by a dynamic import (CampusMap.tsx), so
 * maplibre-gl stays out of the entry and the timetable chunks.
 */

function label(text: string, className: string): HTMLElement {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  element.setAttribute('aria-hidden', 'true'); // the text description beside the map says it all
  return element;
}

export interface CampusMapHandle {
  readonly remove: () => void;
}

/** Draws the campus in `container` with `room` highlighted; rejects when the map cannot start. */
export function createCampusMap(container: HTMLElement, campus: CampusGeoJson, room: CampusRoom): Promise<CampusMapHandle> {
  const buildings = campusBuildings(campus);
  const bounds = boundsOf([...buildings.flatMap((building) => building.ring), ...campusRooms(campus).map((r) => r.position)]);
  const map = new MapLibreMap({
    container,
    style: campusStyle(campus, { roomId: room.id, buildingId: room.buildingId }),
    center: [room.position[0], room.position[1]],
    zoom: 17,
    // Our own GeoJSON needs no credit; a configured basemap's tiles do.
    attributionControl: campus.basemap ? { compact: true } : false,
    ...(bounds ? { bounds: [bounds[0][0], bounds[0][1], bounds[1][0], bounds[1][1]], fitBoundsOptions: { padding: 40 } } : {}),
  });
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  for (const building of buildings) {
    // Above the outline, so the label never hides the rooms inside.
    const [lng] = centreOf(building.ring);
    const top = Math.max(...building.ring.map((point) => point[1]));
    new Marker({ element: label(building.name, 'map-label map-label--building'), anchor: 'bottom', offset: [0, -4] })
      .setLngLat([lng, top])
      .addTo(map);
  }
  new Marker({ element: label(room.id, 'map-label map-label--room'), anchor: 'top', offset: [0, 14] })
    .setLngLat([room.position[0], room.position[1]])
    .addTo(map);

  return new Promise((resolve, reject) => {
    let isLoaded = false;
    // A map loads once; `on` rather than `once`, whose typing also offers a promise.
    map.on('load', () => {
      isLoaded = true;
      resolve({ remove: () => map.remove() });
    });
    map.on('error', (event) => {
      if (isLoaded) return; // a later hiccup leaves the drawn map as it is
      map.remove();
      // Typed as the DOM's ErrorEvent (`error` is any); MapLibre's own is error-like ({ message }).
      const error: unknown = event.error;
      if (error instanceof Error) return reject(error);
      const message = isRecord(error) && typeof error.message === 'string' ? error.message : 'The campus map could not be drawn.';
      reject(new Error(message, { cause: error }));
    });
  });
}
