import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceStatus } from '../../../../src/shared/contract/realtime';
import { RegisterButton } from '../../../../src/app/features/attendanceRegistration/RegisterButton';
import { serviceStatusStore } from '../../../../src/app/features/serviceStatus/serviceStatusStore';
import { ApiError } from '../../../../src/app/api/ApiError';
import { toastStore } from '../../../../src/app/ui/toast/toastStore';

const attendance: ServiceStatus = {
  id: 'attendance',
  name: 'Attendance',
  feature: 'attendance',
  state: 'outage',
  since: '2026-11-24T09:00:00Z',
  lastCheckedAt: '2026-11-24T09:05:00Z',
  responseTimeMs: null,
  maintenance: null,
};

const failingPorts = {
  isOnCampusNetwork: vi.fn(async () => true),
  register: vi.fn(async () => {
    throw new ApiError({ reason: 'http', status: 503, statusText: 'Service Unavailable', message: 'The attendance system is not answering.', errors: {} });
  }),
};

afterEach(() => {
  serviceStatusStore.set({ statuses: undefined, isLoading: false });
  toastStore.clear();
});

async function registerAndFail(): Promise<string[]> {
  render(<RegisterButton timetableEntryRowId={7} isAttendanceMonitored sessionLabel="CS2041 Lab at 09:00" ports={failingPorts} />);
  await userEvent.click(screen.getByRole('button', { name: 'Register attendance: CS2041 Lab at 09:00' }));
  await screen.findByRole('button', { name: 'Register attendance: CS2041 Lab at 09:00' });
  return toastStore.getSnapshot().map((toast) => toast.text);
}

describe('a failed registration and the status feed', () => {
  it('explains the failure by the attendance service’s problem when the feed reports one', async () => {
    serviceStatusStore.set({ statuses: [attendance], isLoading: false });
    const texts = await registerAndFail();
    expect(texts).toContain('The attendance service is having problems right now, which is probably why registering did not work. Please try again in a few minutes.');
  });

  it('adds nothing when the attendance service is working', async () => {
    serviceStatusStore.set({ statuses: [{ ...attendance, state: 'operational' }], isLoading: false });
    const texts = await registerAndFail();
    expect(texts.some((text) => text.includes('attendance service'))).toBe(false);
    expect(texts.length).toBeGreaterThan(0);
  });
});
