import { demoBuildings, demoRooms, offsetPosition } from '../../estate.js';
import type { RoomRecord } from '../records.js';

/** The demo campus's rooms (estate.ts), placed at their building's centre moved by the room's offset. */
export function* demoRoomRecords(): Generator<RoomRecord> {
  for (const [id, name, floor, east, north] of demoRooms) {
    const building = demoBuildings.find((b) => b.id === id.slice(0, 3));
    if (!building) throw new Error(`Demo bundle: no building for room ${id}`);
    yield { sourcedId: id, name, building: building.name, ...offsetPosition(building, east, north), floor, capacity: null };
  }
}

export const demoRoomIds = (): string[] => demoRooms.map(([id]) => id);
