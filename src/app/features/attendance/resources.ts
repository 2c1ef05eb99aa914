import { attendanceAnalysisRoute } from '../../../shared/contract/attendance';
import { defineResource } from '../../sync/registry';

/**
 * SPEC §3 attendance analysis (cached 1440 min). Only signed-in students load it (SPEC §6); the
 * timetable's registration refreshes it by its key, 'attendanceAnalysis', after registering.
 */
export const attendanceAnalysisResource = defineResource({
  key: 'attendanceAnalysis',
  route: attendanceAnalysisRoute,
  isAllowed: (user) => user.isStudentSignedIn,
  loadOnStartup: true,
});
