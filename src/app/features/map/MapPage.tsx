import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { describeError } from '../../api/errorHandler';
import { paths } from '../../routing/paths';
import { UpdatedAt } from '../../sync/UpdatedAt';
import { useResource } from '../../sync/useResource';
import { CampusMap } from './CampusMap';
import { campusRooms } from './campusFeatures';
import { campusResource } from './resources';
import { RoomDetails } from './RoomDetails';
import './map.css';

/** /timetable/map/:roomId: the room on the campus map, with its details in text (SPEC §2). */
export function MapPage() {
  const roomId = useParams().roomId ?? '';
  const { data: campus, error, isLoading } = useResource(campusResource);
  const room = useMemo(() => (campus ? campusRooms(campus).find((candidate) => candidate.id === roomId) : undefined), [campus, roomId]);
  const descriptionId = 'room-description';

  return (
    <div className="page room-map">
      <header className="page__intro">
        <Link className="back-link" to={paths.timetableHome}>
          Back to timetable
        </Link>
        <h1>{roomId}</h1>
        <UpdatedAt resourceKey={campusResource.key} />
      </header>
      {room && campus ? (
        <div className="room-map__layout">
          {/* The map first (on a phone it leads the page); on a wide screen the details sit to its left. */}
          <CampusMap campus={campus} room={room} describedBy={descriptionId} />
          <RoomDetails room={room} descriptionId={descriptionId} />
        </div>
      ) : isLoading ? (
        <p className="muted">Loading the campus map…</p>
      ) : campus ? (
        <p className="card callout">Room {roomId} is not on the campus map.</p>
      ) : (
        <p className="card callout callout--negative" role="alert">
          {error ? describeError(error, { getting: 'Campus map' }) : 'The campus map is not available yet.'}
        </p>
      )}
    </div>
  );
}
