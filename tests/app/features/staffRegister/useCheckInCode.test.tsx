import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/app/api/ApiError';
import { callApi } from '../../../../src/app/api/client';
import { useCheckInCode } from '../../../../src/app/features/staffRegister/useCheckInCode';
import { createQueryClient } from '../../../../src/app/serverState/queryClient';
import type { CheckInCode } from '../../../../src/shared/contract/staffRegister';

vi.mock('../../../../src/app/api/client', () => ({ callApi: vi.fn() }));
const callApiMock = vi.mocked(callApi);

const start = Date.parse('2026-10-05T09:00:00.000Z');
const codeChangingIn = (code: string, ms: number): CheckInCode =>
  ({ code, changesAt: new Date(start + ms).toISOString() }) satisfies Record<string, unknown> as unknown as CheckInCode;

function wrapper() {
  const client = createQueryClient();
  return ({ children }: { readonly children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Lets the fake clock run `ms` and the answers it triggered settle. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ now: start });
  callApiMock.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('the projected check-in code', () => {
  it('asks for nothing while the code is not shown', async () => {
    const { result } = renderHook(() => useCheckInCode(5, false), { wrapper: wrapper() });
    await pass(60_000);
    expect(callApiMock).not.toHaveBeenCalled();
    expect(result.current).toEqual({ code: undefined, error: undefined });
  });

  it('asks again just after the code’s change time on the server’s clock, not before', async () => {
    callApiMock.mockResolvedValueOnce(codeChangingIn('123456', 30_000) as never).mockResolvedValueOnce(codeChangingIn('654321', 60_000) as never);
    const { result } = renderHook(() => useCheckInCode(5, true), { wrapper: wrapper() });
    await pass(0);
    expect(result.current.code?.code).toBe('123456');
    expect(callApiMock.mock.calls[0]?.[1]).toMatchObject({ params: { eventRowId: 5 } });
    await pass(29_000);
    expect(callApiMock).toHaveBeenCalledTimes(1);
    await pass(2_000);
    expect(callApiMock).toHaveBeenCalledTimes(2);
    expect(result.current.code?.code).toBe('654321');
  });

  it('shows a failure instead of the old code, and tries again every 5 seconds', async () => {
    const refusal = new ApiError({ reason: 'http', status: 403, statusText: 'Forbidden', message: 'Not your class', code: 'forbidden' });
    callApiMock
      .mockResolvedValueOnce(codeChangingIn('123456', 30_000) as never)
      .mockRejectedValueOnce(refusal)
      .mockResolvedValueOnce(codeChangingIn('777777', 120_000) as never);
    const { result } = renderHook(() => useCheckInCode(5, true), { wrapper: wrapper() });
    await pass(31_000);
    expect(result.current).toEqual({ code: undefined, error: refusal });
    await pass(4_000);
    expect(callApiMock).toHaveBeenCalledTimes(2);
    await pass(1_500);
    expect(callApiMock).toHaveBeenCalledTimes(3);
    expect(result.current).toEqual({ code: expect.objectContaining({ code: '777777' }), error: undefined });
  });
});
