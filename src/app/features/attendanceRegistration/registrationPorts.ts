import { networkStatusRoute, registerAttendanceRoute } from '../../../shared/contract/attendance';
import { callApi } from '../../api/client';
import { ensureFresh } from '../../sync/ensureFresh';
import { findResource } from '../../sync/registry';
import { timetableResource } from '../timetable/resources';
import type { RegistrationPorts } from './registrationFlow';

/** The attendance pages register their analysis under this key; reloaded only if they did. */
const analysisKey = 'attendanceAnalysis';

export const apiRegistrationPorts: RegistrationPorts = {
  async isOnCampusNetwork() {
    const status = await callApi(networkStatusRoute, { query: { 'cache-buster': String(Date.now()) } });
    return status.connected;
  },
  async register(registration) {
    await callApi(registerAttendanceRoute, { body: registration });
  },
  async reload() {
    const reloads = [ensureFresh(timetableResource, { force: true })];
    if (findResource(analysisKey)) reloads.push(ensureFresh(analysisKey, { force: true }));
    await Promise.allSettled(reloads);
  },
};
