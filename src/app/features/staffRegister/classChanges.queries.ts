import { useQuery } from '@tanstack/react-query';
import { cancelClassRoute } from '../../../shared/contract/admin';
import { moveClassRoute, roomOptionsRoute, type MoveClassBody, type MoveClassResult } from '../../../shared/contract/staffRegister';
import { callApi } from '../../api/client';

/**
 * Moving or cancelling a class (the register page, the admin Classes page), online only. Both
 * screens reload what changed themselves; the timetable does through the routes' `invalidates`.
 */
export const roomOptionsKey = ['rooms'] as const;

/** The rooms a class may move to; none while they load or if they could not be fetched (the current room stays offered). */
export function useRoomOptions() {
  return useQuery({
    queryKey: roomOptionsKey,
    queryFn: ({ signal }) => callApi(roomOptionsRoute, { signal }),
  });
}

/** Moves a class; a 409 carries the clashes (`errors.clashes`) unless `confirmClashes` accepts them. */
export function moveClass(rowId: number, body: MoveClassBody): Promise<MoveClassResult> {
  return callApi(moveClassRoute, { params: { rowId }, body });
}

/** Cancels a class; its students and staff are told. */
export async function cancelClass(rowId: number): Promise<void> {
  await callApi(cancelClassRoute, { params: { rowId } });
}
