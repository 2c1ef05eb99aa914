import { absenceConfigRoute, listAbsencesRoute, type AbsenceRequest } from '../../../shared/contract/absences';
import { getActiveUser } from '../../db/activeUser';
import { getUserDatabase } from '../../db/userDatabase';
import { validCachedValue } from '../../sync/cachedValue';
import { defineResource, type ListPaging } from '../../sync/registry';

/**
 * The server's order of the list: latest start first, then rowId. Starts carry their offset, so
 * they are compared as instants, not as text.
 */
export function compareRequests(a: AbsenceRequest, b: AbsenceRequest): number {
  return Date.parse(b.absenceStart) - Date.parse(a.absenceStart) || b.rowId - a.rowId;
}

const requestPaging: ListPaging = {
  compare: (a, b) => compareRequests(a as AbsenceRequest, b as AbsenceRequest),
  idOf: (item) => (item as AbsenceRequest).rowId,
};

/**
 * The absence configuration (categories, date limits; SPEC §9: 30 min) and the student's own
 * requests (60 min), fetched page by page. Only students have them (SPEC §6). Both load at start-up, so the attendance
 * page's table and the dialog's categories are on this device before the student goes offline.
 */
export const absenceConfigResource = defineResource({
  key: 'absenceConfig',
  route: absenceConfigRoute,
  isAllowed: (user) => user.isStudentSignedIn,
  loadOnStartup: true,
});

export const absenceRequestsResource = defineResource({
  key: 'absenceRequests',
  route: listAbsencesRoute,
  isAllowed: (user) => user.isStudentSignedIn,
  loadOnStartup: true,
  // The server answers 100 at a time (issue 29); the table still pages through all it holds.
  paging: requestPaging,
});

/** The request with this rowId as this device holds it now (read once, not live), if it does. */
export async function heldAbsenceRequest(rowId: number): Promise<AbsenceRequest | undefined> {
  const user = getActiveUser();
  if (!user) return undefined;
  const row = await getUserDatabase(user.userId).resources.get(absenceRequestsResource.key);
  return validCachedValue<AbsenceRequest[]>(absenceRequestsResource.key, row?.value)?.find((request) => request.rowId === rowId);
}
