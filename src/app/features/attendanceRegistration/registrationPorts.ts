import { networkStatusRoute, registerAttendanceRoute } from '../../../shared/contract/attendance';
import { callApi } from '../../api/client';
import type { RegistrationPorts } from './registrationFlow';

export const apiRegistrationPorts: RegistrationPorts = {
  async isOnCampusNetwork() {
    const status = await callApi(networkStatusRoute, { query: { 'cache-buster': String(Date.now()) } });
    return status.connected;
  },
  async register(registration) {
    await callApi(registerAttendanceRoute, { body: registration });
  },
};
