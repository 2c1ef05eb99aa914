import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/app/api/ApiError';
import { callApi } from '../../../../src/app/api/client';
import { closeRegister, markPresentAfterClose, setCheckInRequirement, useMarkPresent, useRegister } from '../../../../src/app/features/staffRegister/useRegister';
import { createQueryClient } from '../../../../src/app/serverState/queryClient';
import { closeRegisterRoute, getRegisterRoute, markPresentRoute, setCheckInRequirementRoute, type ClassRegister } from '../../../../src/shared/contract/staffRegister';
import type { RouteDescriptor } from '../../../../src/shared/contract/route';

vi.mock('../../../../src/app/api/client', () => ({ callApi: vi.fn() }));
const callApiMock = vi.mocked(callApi);

const register = (closedAt: string | null, present = 0): ClassRegister => ({
  rowId: 5, moduleCode: 'CS101', moduleName: 'Programming', eventType: 'Lecture', startTime: '2026-10-05T09:00:00.000Z', duration: 60,
  roomId: null, roomName: null, isCancelled: false, isMonitored: true, registrationOpens: '2026-10-05T08:50:00.000Z',
  registrationCloses: '2026-10-05T09:20:00.000Z', closedAt, overrideUntil: '2026-10-12T09:00:00.000Z',
  students: Array.from({ length: present }, () => ({}) as never), canChange: true, history: [], requiresCheckInCode: false,
});

let answers: Record<string, () => Promise<unknown>> = {};
beforeEach(() => {
  callApiMock.mockReset();
  answers = {};
  callApiMock.mockImplementation(((route: RouteDescriptor) => (answers[route.id] ?? (() => Promise.reject(new Error(`unexpected ${route.id}`))))()) as never);
});

function wrapper() {
  const client = createQueryClient();
  return ({ children }: { readonly children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('a lecturer’s register', () => {
  it('surfaces a refusal as the ApiError the page describes, without retrying a 4xx', async () => {
    const refusal = new ApiError({ reason: 'http', status: 403, statusText: 'Forbidden', message: 'Not your class', code: 'forbidden' });
    answers[getRegisterRoute.id] = () => Promise.reject(refusal);
    const { result } = renderHook(() => useRegister('5'), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.error).toBe(refusal));
    expect(result.current.register).toBeUndefined();
    expect(callApiMock).toHaveBeenCalledTimes(1);
  });

  it('shows a write’s answer at once, in every screen that shows this register', async () => {
    answers[getRegisterRoute.id] = () => Promise.resolve(register('2026-10-05T09:20:00.000Z'));
    answers[markPresentRoute.id] = () => Promise.resolve(register('2026-10-05T09:20:00.000Z', 1));
    const { result } = renderHook(() => ({ page: useRegister('5'), liveCount: useRegister('5'), markPresent: useMarkPresent('5') }), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.page.register).toBeDefined());
    // The page and the timetable's live count share one request.
    expect(callApiMock.mock.calls.filter(([route]) => route.id === getRegisterRoute.id)).toHaveLength(1);
    await act(() => result.current.markPresent(42));
    expect(callApiMock.mock.calls.at(-1)?.[1]).toMatchObject({ params: { eventRowId: '5', studentUserId: 42 }, body: { attended: true } });
    await waitFor(() => expect(result.current.page.register?.students).toHaveLength(1));
    expect(result.current.liveCount.register?.students).toHaveLength(1);
    expect(callApiMock.mock.calls.filter(([route]) => route.id === getRegisterRoute.id)).toHaveLength(1);
  });

  it('sends the page’s other writes as the contract asks, answering with the register', async () => {
    const closed = register('2026-10-05T09:20:00.000Z');
    answers[closeRegisterRoute.id] = () => Promise.resolve(closed);
    answers[markPresentRoute.id] = () => Promise.resolve(closed);
    answers[setCheckInRequirementRoute.id] = () => Promise.resolve(closed);
    expect(await closeRegister(5)).toBe(closed);
    expect(callApiMock.mock.calls.at(-1)?.[1]).toEqual({ params: { eventRowId: 5 } });
    expect(await markPresentAfterClose(5, 42, 'Was at the front desk')).toBe(closed);
    expect(callApiMock.mock.calls.at(-1)?.[1]).toEqual({ params: { eventRowId: 5, studentUserId: 42 }, body: { attended: true, reason: 'Was at the front desk' } });
    expect(await setCheckInRequirement(5, true)).toBe(closed);
    expect(callApiMock.mock.calls.at(-1)?.[1]).toEqual({ params: { eventRowId: 5 }, body: { requiresCheckInCode: true } });
  });
});
