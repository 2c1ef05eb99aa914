import { useEffect, useRef, useState } from 'react';
import type { CampusGeoJson } from '../../../shared/contract/timetable';
import type { CampusRoom } from './campusFeatures';
import { hasWebGl } from './webgl';

type MapState = 'loading' | 'ready' | 'unavailable';

interface CampusMapProps {
  readonly campus: CampusGeoJson;
  readonly room: CampusRoom;
  /** The id of the text that describes what the map shows. */
  readonly describedBy: string;
}

/** The drawn campus map; maplibre-gl is imported only here, when the page needs it. */
export function CampusMap({ campus, room, describedBy }: CampusMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>(() => (hasWebGl() ? 'loading' : 'unavailable'));
  const isSupported = state !== 'unavailable';

  useEffect(() => {
    const element = container.current;
    if (!element || !isSupported) return undefined;
    let isCancelled = false;
    let remove: (() => void) | undefined;
    import('./createCampusMap')
      .then(({ createCampusMap }) => (isCancelled ? undefined : createCampusMap(element, campus, room)))
      .then((handle) => {
        if (!handle) return;
        if (isCancelled) handle.remove();
        else {
          remove = handle.remove;
          setState('ready');
        }
      })
      .catch(() => {
        if (!isCancelled) setState('unavailable');
      });
    return () => {
      isCancelled = true;
      remove?.();
    };
  }, [campus, room, isSupported]);

  return (
    <figure className="campus-map" aria-describedby={describedBy}>
      <div ref={container} className="campus-map__canvas" data-state={state} />
      {state === 'loading' && <p className="campus-map__note">Loading the map…</p>}
      {state === 'unavailable' && (
        <p className="campus-map__note" role="status">
          The map cannot be drawn on this device (it needs WebGL). The room’s details are given with it.
        </p>
      )}
      <figcaption className="visually-hidden">Campus map with room {room.id} highlighted</figcaption>
    </figure>
  );
}
