import { describeFloor, type CampusRoom } from './campusFeatures';
import { directionsTo } from './directions';

const newTab = { target: '_blank', rel: 'noreferrer' };

/** Where the room is, in words: the accessible equivalent of the map, plus a directions link (and the web's, where the first may not open). */
export function RoomDetails({ room, descriptionId }: { readonly room: CampusRoom; readonly descriptionId: string }) {
  const [lng, lat] = room.position;
  const directions = directionsTo({ lat, lng, label: `${room.name} (${room.id})` }, navigator.userAgent);
  return (
    <section className="card room-details" aria-labelledby="room-details-heading">
      <h2 id="room-details-heading">{room.name}</h2>
      <dl className="details">
        <dt>Room</dt>
        <dd>{room.id}</dd>
        <dt>Building</dt>
        <dd>{room.building}</dd>
        <dt>Floor</dt>
        <dd>{describeFloor(room.floor)}</dd>
      </dl>
      <p id={descriptionId}>
        {room.name} ({room.id}) is in {room.building}, {describeFloor(room.floor).toLowerCase()}. On the map, its
        building is shaded blue and the room is the large red dot; the small grey dots are other rooms.
      </p>
      <p className="room-details__directions">
        <a className="button" href={directions.href} {...(directions.isWeb ? newTab : {})}>
          Directions (opens {directions.opens})
        </a>
        {directions.fallback && (
          <a href={directions.fallback.href} {...newTab}>
            Directions on the web (opens {directions.fallback.opens})
          </a>
        )}
      </p>
    </section>
  );
}
