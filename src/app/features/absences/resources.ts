import { absenceConfigRoute, listAbsencesRoute } from '../../../shared/contract/absences';
import { defineResource } from '../../sync/registry';

/**
 * The absence configuration (categories, date limits; SPEC §9: 30 min) and the student's own
 * requests (60 min). Only students have them (SPEC §6). Both load at start-up, so the attendance
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
});
