import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/app/api/ApiError';
import { callApi } from '../../../../src/app/api/client';
import { useWelcomeWeek } from '../../../../src/app/features/welcomeWeek/welcomeWeek.queries';
import { createQueryClient } from '../../../../src/app/serverState/queryClient';
import { toastStore } from '../../../../src/app/ui/toast/toastStore';

// SPEC §7: GET /api/content/welcomeweek, cached in local storage under welcomeWeek for 120 minutes.

vi.mock('../../../../src/app/api/client', () => ({ callApi: vi.fn() }));
const callApiMock = vi.mocked(callApi);

const now = new Date('2026-09-21T09:00:00Z').getTime();
const minutes = (count: number): number => count * 60_000;
const stored = (): unknown => JSON.parse(localStorage.getItem('welcomeWeek') ?? 'null');

function Url() {
  return <output>{useWelcomeWeek() ?? 'none'}</output>;
}
const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Url />
    </QueryClientProvider>,
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  localStorage.clear();
  toastStore.clear();
  callApiMock.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the welcome-week url', () => {
  it('shows a copy within its 120 minutes at once, without asking the server', async () => {
    localStorage.setItem('welcomeWeek', JSON.stringify({ url: 'https://uni.example/cached', fetchedAt: now - minutes(119) }));
    const { container } = show();
    expect(container).toHaveTextContent('https://uni.example/cached');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(callApiMock).not.toHaveBeenCalled();
  });

  it('asks again once the copy is older, shows and keeps the new url', async () => {
    localStorage.setItem('welcomeWeek', JSON.stringify({ url: 'https://uni.example/old', fetchedAt: now - minutes(120) }));
    callApiMock.mockResolvedValue({ url: 'https://uni.example/new' });
    const { container } = show();
    expect(container).toHaveTextContent('https://uni.example/old');
    await waitFor(() => expect(container).toHaveTextContent('https://uni.example/new'));
    expect(stored()).toEqual({ url: 'https://uni.example/new', fetchedAt: now });
  });

  it('caches and shows nothing when the server gives no url', async () => {
    localStorage.setItem('welcomeWeek', JSON.stringify({ url: 'https://uni.example/old', fetchedAt: now - minutes(500) }));
    callApiMock.mockResolvedValue({ url: null });
    const { container } = show();
    await waitFor(() => expect(container).toHaveTextContent('none'));
    expect(stored()).toBeNull();
  });

  it('keeps the cached url offline, quietly; says an HTTP failure in the SPEC §8 words', async () => {
    localStorage.setItem('welcomeWeek', JSON.stringify({ url: 'https://uni.example/old', fetchedAt: now - minutes(500) }));
    callApiMock.mockRejectedValueOnce(ApiError.network(new TypeError('Failed to fetch')));
    const offline = show();
    await waitFor(() => expect(callApiMock).toHaveBeenCalledTimes(1));
    expect(offline.container).toHaveTextContent('https://uni.example/old');
    expect(toastStore.getSnapshot()).toEqual([]);
    offline.unmount();

    callApiMock.mockRejectedValueOnce(new ApiError({ reason: 'http', status: 503, statusText: 'Service Unavailable', message: 'down' }));
    const failing = show();
    await waitFor(() => expect(toastStore.getSnapshot().map((shown) => shown.text)).toEqual(['Error getting welcome week timetable. Code 503: Service Unavailable']));
    expect(failing.container).toHaveTextContent('https://uni.example/old');
  });
});
