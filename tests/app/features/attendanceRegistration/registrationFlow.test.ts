import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/app/api/ApiError';
import {
  eduroamMessage,
  refusalMessages,
  runRegistration,
  type RegistrationPorts,
} from '../../../../src/app/features/attendanceRegistration/registrationFlow';

function fakePorts(overrides: Partial<RegistrationPorts> = {}) {
  return {
    isOnCampusNetwork: vi.fn(async () => true),
    register: vi.fn(async () => undefined),
    ...overrides,
  };
}

const refusal = (errors: Record<string, string[]>) =>
  new ApiError({ reason: 'http', status: 400, statusText: 'Bad Request', message: 'Not registered', errors });

describe('runRegistration (SPEC §4)', () => {
  it('checks the network first for a monitored session, then registers', async () => {
    const calls: string[] = [];
    const ports = fakePorts({
      isOnCampusNetwork: vi.fn(async () => (calls.push('network'), true)),
      register: vi.fn(async () => void calls.push('register')),
    });
    const outcome = await runRegistration({ timetableEntryRowId: 7, isAttendanceMonitored: true }, ports);
    expect(outcome).toEqual({ isRegistered: true });
    expect(calls).toEqual(['network', 'register']);
    expect(ports.register).toHaveBeenCalledWith({ timetableEntryRowId: 7, isAttendanceMonitored: true });
  });

  it('refuses off the campus network with the eduroam message and sends no PUT', async () => {
    const ports = fakePorts({ isOnCampusNetwork: vi.fn(async () => false) });
    const outcome = await runRegistration({ timetableEntryRowId: 7, isAttendanceMonitored: true }, ports);
    expect(outcome).toEqual({ isRegistered: false, messages: ['You do not appear to be connected to the eduroam network.'] });
    expect(ports.register).not.toHaveBeenCalled();
  });

  it('skips the network check for a session that is not monitored', async () => {
    const ports = fakePorts();
    await runRegistration({ timetableEntryRowId: 7, isAttendanceMonitored: false }, ports);
    expect(ports.isOnCampusNetwork).not.toHaveBeenCalled();
    expect(ports.register).toHaveBeenCalledOnce();
  });

  it('shows the messages of a 400, NetworkConnection as the eduroam text', async () => {
    const ports = fakePorts({
      register: vi.fn(async () => {
        throw refusal({ NetworkConnection: ['Not on the campus network'], registrationWindow: ['Registration has closed.'] });
      }),
    });
    const outcome = await runRegistration({ timetableEntryRowId: 7, isAttendanceMonitored: true }, ports);
    expect(outcome).toEqual({ isRegistered: false, messages: [eduroamMessage, 'Registration has closed.'] });
  });
});

describe('refusalMessages', () => {
  it('falls back to the message of other failures', () => {
    expect(refusalMessages(refusal({}))).toEqual(['Not registered']);
    expect(refusalMessages(ApiError.network(new TypeError('Failed to fetch')))[0]).toMatch(/network error/);
  });
});
