import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/app/api/ApiError';
import { callApi } from '../../../../src/app/api/client';
import { showDecided, staffAbsenceKeys, undoDecision, type ShownDetail } from '../../../../src/app/features/staffAbsences/staffAbsences.queries';
import { createQueryClient } from '../../../../src/app/serverState/queryClient';
import type { StaffAbsenceDetail } from '../../../../src/shared/contract/staffAbsences';

vi.mock('../../../../src/app/api/client', () => ({ callApi: vi.fn() }));
const callApiMock = vi.mocked(callApi);

const detail = (rowId: number, lastModified: string): StaffAbsenceDetail =>
  ({ request: { rowId, lastModified }, studentName: 'Ada' }) satisfies Record<string, unknown> as unknown as StaffAbsenceDetail;

beforeEach(() => callApiMock.mockReset());

describe('the review queue after a write', () => {
  it('puts a decision into the request and marks every queue page stale, other requests untouched', () => {
    const client = createQueryClient();
    client.setQueryData(staffAbsenceKeys.list('status=Pending'), { page: {}, at: 1 });
    client.setQueryData(staffAbsenceKeys.next(''), { items: [] });
    client.setQueryData<ShownDetail>(staffAbsenceKeys.detail('8'), { detail: detail(8, 'a'), at: 1 });
    showDecided(client, detail(7, 'b'));
    expect(client.getQueryData<ShownDetail>(staffAbsenceKeys.detail('7'))?.detail.request.lastModified).toBe('b');
    expect(client.getQueryState(staffAbsenceKeys.list('status=Pending'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(staffAbsenceKeys.next(''))?.isInvalidated).toBe(true);
    expect(client.getQueryState(staffAbsenceKeys.detail('8'))?.isInvalidated).toBe(false);
  });

  it('undoes with the decided version, then shows the restored request', async () => {
    const client = createQueryClient();
    callApiMock.mockResolvedValueOnce(detail(7, 'c') as never);
    const restored = await undoDecision(client, detail(7, 'b'));
    expect(restored.request.lastModified).toBe('c');
    expect(callApiMock.mock.calls[0]?.[1]).toMatchObject({ params: { rowId: 7 }, body: { lastModified: 'b' } });
    expect(client.getQueryData<ShownDetail>(staffAbsenceKeys.detail('7'))?.detail.request.lastModified).toBe('c');
  });

  it('leaves the cache alone when the undo is refused, and passes the refusal on', async () => {
    const client = createQueryClient();
    client.setQueryData<ShownDetail>(staffAbsenceKeys.detail('7'), { detail: detail(7, 'b'), at: 1 });
    const refusal = new ApiError({ reason: 'http', status: 409, statusText: 'Conflict', message: 'Too late', code: 'conflict' });
    callApiMock.mockRejectedValueOnce(refusal);
    await expect(undoDecision(client, detail(7, 'b'))).rejects.toBe(refusal);
    expect(client.getQueryData<ShownDetail>(staffAbsenceKeys.detail('7'))?.detail.request.lastModified).toBe('b');
  });
});
