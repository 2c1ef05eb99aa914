import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/app/api/ApiError';
import { callApi } from '../../../../src/app/api/client';
import { staffReferralKeys, updateReferral, useNewReferralCount, useStaffReferralPage } from '../../../../src/app/features/staffReferrals/staffReferrals.queries';
import { createQueryClient } from '../../../../src/app/serverState/queryClient';
import type { StaffReferralDetail, StaffReferralPage } from '../../../../src/shared/contract/staffReferrals';

vi.mock('../../../../src/app/api/client', () => ({ callApi: vi.fn() }));
const callApiMock = vi.mocked(callApi);

const detail = (rowId: number, status: StaffReferralDetail['status']): StaffReferralDetail =>
  ({ rowId, status, caseNotes: [] }) satisfies Record<string, unknown> as unknown as StaffReferralDetail;
const page = (counts: StaffReferralPage['counts']): StaffReferralPage =>
  ({ items: [], total: 0, page: 1, pageSize: 25, counts }) satisfies Record<string, unknown> as unknown as StaffReferralPage;

let client: QueryClient;
const wrapper = ({ children }: { readonly children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

beforeEach(() => {
  callApiMock.mockReset();
  client = createQueryClient();
});

describe('Student Support’s referrals as server state', () => {
  it('asks for the page the URL’s filter names', async () => {
    callApiMock.mockResolvedValueOnce(page({ New: 1, Contacted: 0, Closed: 0 }) as never);
    const { result } = renderHook(() => useStaffReferralPage('status=Closed&student=amara&page=2'), { wrapper });
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(callApiMock.mock.calls[0]?.[1]).toMatchObject({ query: { status: ['Closed'], student: 'amara', page: '2' } });
  });

  it('counts the new referrals and the open ones for the home page', async () => {
    callApiMock.mockResolvedValueOnce(page({ New: 2, Contacted: 3, Closed: 9 }) as never);
    const { result } = renderHook(() => useNewReferralCount(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ fresh: 2, open: 5 }));
    expect(callApiMock.mock.calls[0]?.[1]).toMatchObject({ query: { status: ['New'] } });
  });

  it('puts a saved update into the referral and marks every list and the count stale', async () => {
    client.setQueryData(staffReferralKeys.detail('4'), detail(4, 'New'));
    client.setQueryData(staffReferralKeys.detail('5'), detail(5, 'New'));
    client.setQueryData(staffReferralKeys.list(''), page({ New: 2, Contacted: 0, Closed: 0 }));
    client.setQueryData(staffReferralKeys.newCount(), page({ New: 2, Contacted: 0, Closed: 0 }));
    callApiMock.mockResolvedValueOnce(detail(4, 'Contacted') as never);
    expect((await updateReferral(client, 4, { status: 'Contacted', note: 'Phoned' })).status).toBe('Contacted');
    expect(callApiMock.mock.calls[0]?.[1]).toEqual({ params: { rowId: 4 }, body: { status: 'Contacted', note: 'Phoned' } });
    expect(client.getQueryData<StaffReferralDetail>(staffReferralKeys.detail('4'))?.status).toBe('Contacted');
    expect(client.getQueryState(staffReferralKeys.list(''))?.isInvalidated).toBe(true);
    expect(client.getQueryState(staffReferralKeys.newCount())?.isInvalidated).toBe(true);
    expect(client.getQueryState(staffReferralKeys.detail('5'))?.isInvalidated).toBe(false);
  });

  it('leaves the referral as it was when the update is refused', async () => {
    client.setQueryData(staffReferralKeys.detail('4'), detail(4, 'New'));
    const refusal = new ApiError({ reason: 'http', status: 422, statusText: 'Unprocessable', message: 'Invalid', errors: { note: ['Write a case note.'] } });
    callApiMock.mockRejectedValueOnce(refusal);
    await expect(updateReferral(client, 4, { status: 'Contacted', note: ' ' })).rejects.toBe(refusal);
    expect(client.getQueryData<StaffReferralDetail>(staffReferralKeys.detail('4'))?.status).toBe('New');
    expect(callApiMock).toHaveBeenCalledTimes(1);
  });
});
