import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../../../src/app/api/client';
import { averageRating, FeedbackPage } from '../../../../../src/app/features/admin/feedback/FeedbackPage';
import { JobsPage } from '../../../../../src/app/features/admin/jobs/JobsPage';
import { createQueryClient } from '../../../../../src/app/serverState/queryClient';
import type { JobsState } from '../../../../../src/shared/contract/admin';
import type { FeedbackList } from '../../../../../src/shared/contract/adminFeedback';
import type { RouteDescriptor } from '../../../../../src/shared/contract/route';

vi.mock('../../../../../src/app/api/client', () => ({ callApi: vi.fn() }));
const callApiMock = vi.mocked(callApi);

const jobs: JobsState = {
  queues: [
    { queue: 'push.send', created: 1200, retry: 2, active: 1, completed: 40, cancelled: 0, failed: 3 },
    { queue: 'registers.close', created: 0, retry: 0, active: 0, completed: 9, cancelled: 0, failed: 0 },
  ],
  lastFailures: [{ queue: 'push.send', failedAt: '2026-11-27T10:15:00.000Z', message: 'push service at <url> answered 500' }],
};
const feedback: FeedbackList = {
  total: 2,
  items: [
    { rowId: 2, rating: 5, comments: 'Love the map', category: 'Praise', appVersion: '1.4.0', createdAt: '2026-11-27T10:00:00.000Z', userName: 'student', userDisplayName: 'Amara Okafor' },
    { rowId: 1, rating: null, comments: 'Dark mode please', category: null, appVersion: null, createdAt: '2026-11-26T10:00:00.000Z', userName: null, userDisplayName: null },
  ],
};

beforeEach(() => {
  callApiMock.mockReset();
  callApiMock.mockImplementation(((route: RouteDescriptor) => Promise.resolve(route.id === 'admin.jobs' ? jobs : feedback)) as never);
});

// The admin area's layout gives its pages the query client; each test a fresh one.
const renderAt = (element: React.ReactNode) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createMemoryRouter([{ path: '/', element }])} />
    </QueryClientProvider>,
  );

describe('Admin → Jobs', () => {
  it('shows jobs by state in all (en-GB), per queue, and the latest failures', async () => {
    renderAt(<JobsPage />);
    const totals = await screen.findByRole('region', { name: 'Jobs by state' });
    expect(within(totals).getByText('Waiting').nextSibling).toHaveTextContent('1,200');
    expect(within(totals).getByText('Failed').nextSibling).toHaveTextContent('3');
    expect(within(screen.getByRole('table', { name: 'Job queues' })).getByRole('row', { name: /registers\.close/ })).toHaveTextContent('9');
    expect(screen.getByRole('table', { name: 'Latest failures' })).toHaveTextContent('push service at <url> answered 500');
  });
});

describe('Admin → Feedback', () => {
  it('lists feedback with its rating, and the average of the ratings given', async () => {
    renderAt(<FeedbackPage />);
    const table = await screen.findByRole('table', { name: 'Feedback' });
    expect(within(table).getByRole('row', { name: /Love the map/ })).toHaveTextContent('5 of 5');
    expect(within(table).getByRole('row', { name: /Dark mode please/ })).toHaveTextContent('Deleted account');
    expect(screen.getByText(/^2 entries in all; 2 shown\. Average rating 5 of 5, from 1 rating\.$/)).toBeInTheDocument();
    expect(averageRating([{ rating: 4 }, { rating: 5 }, { rating: null }])).toEqual({ average: 4.5, count: 2 });
    expect(averageRating([{ rating: null }])).toBeUndefined();
  });
});
