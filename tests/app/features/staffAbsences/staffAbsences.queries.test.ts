import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/app/api/ApiError';
import { callApi } from '../../../../src/app/api/client';
import { decideAbsence, showDecided, staffAbsenceKeys, undoDecision, type ShownDetail } from '../../../../src/app/features/staffAbsences/staffAbsences.queries';
import { createQueryClient } from '../../../../src/app/serverState/queryClient';
import type { StaffAbsenceDetail } from '../../../../src/shared/contract/staffAbsences';

vi.mock('../../../../src/app/api/client', () => ({ callApi: vi.fn() }));
const callApiMock = vi.mocked(callApi);

const detail = (rowId: number, lastModified: string): StaffAbsenceDetail =>
  ({ request: { rowId, lastModified }, studentName: 'Ada' }) satisfies Record<string, unknown> as unknown as StaffAbsenceDetail;

beforeEach(() => callApiMock.mockReset());

describe('the review queue after a write', () => {
  it('puts a decision into the request and marks every queue page and the counts stale, other requests untouched', () => {
    const client = createQueryClient();
    client.setQueryData(staffAbsenceKeys.list('status=Pending'), { page: {}, at: 1 });
    client.setQueryData(staffAbsenceKeys.counts(), { pending: 1 });
    client.setQueryData(staffAbsenceKeys.next(''), { items: [] });
    client.setQueryData<ShownDetail>(staffAbsenceKeys.detail('8'), { detail: detail(8, 'a'), at: 1 });
    showDecided(client, detail(7, 'b'));
    expect(client.getQueryData<ShownDetail>(staffAbsenceKeys.detail('7'))?.detail.request.lastModified).toBe('b');
    expect(client.getQueryState(staffAbsenceKeys.list('status=Pending'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(staffAbsenceKeys.next(''))?.isInvalidated).toBe(true);
    expect(client.getQueryState(staffAbsenceKeys.counts())?.isInvalidated).toBe(true);
    expect(client.getQueryState(staffAbsenceKeys.detail('8'))?.isInvalidated).toBe(false);
  });

  it('sends a decision with the version the reviewer was shown, then shows the decided request', async () => {
    const client = createQueryClient();
    client.setQueryData(staffAbsenceKeys.list(''), { page: {}, at: 1 });
    callApiMock.mockResolvedValueOnce(detail(7, 'd') as never);
    const decided = await decideAbsence(client, detail(7, 'b').request, { absenceStatus: 'Approved', messageToStudent: null });
    expect(decided.request.lastModified).toBe('d');
    expect(callApiMock.mock.calls[0]?.[1]).toEqual({ params: { rowId: 7 }, body: { absenceStatus: 'Approved', messageToStudent: null, lastModified: 'b' } });
    expect(client.getQueryData<ShownDetail>(staffAbsenceKeys.detail('7'))?.detail.request.lastModified).toBe('d');
    expect(client.getQueryState(staffAbsenceKeys.list(''))?.isInvalidated).toBe(true);
  });

  it('leaves the cache alone when a decision is refused as stale, and passes the 409 on', async () => {
    const client = createQueryClient();
    client.setQueryData<ShownDetail>(staffAbsenceKeys.detail('7'), { detail: detail(7, 'b'), at: 1 });
    const stale = new ApiError({ reason: 'http', status: 409, statusText: 'Conflict', message: 'Changed meanwhile', code: 'conflict' });
    callApiMock.mockRejectedValueOnce(stale);
    await expect(decideAbsence(client, detail(7, 'b').request, { absenceStatus: 'Denied', messageToStudent: 'No' })).rejects.toBe(stale);
    expect(client.getQueryData<ShownDetail>(staffAbsenceKeys.detail('7'))?.detail.request.lastModified).toBe('b');
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
