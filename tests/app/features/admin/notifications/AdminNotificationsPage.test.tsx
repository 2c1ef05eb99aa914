import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/app/api/ApiError';
import { callApi } from '../../../../../src/app/api/client';
import { AdminNotificationsPage } from '../../../../../src/app/features/admin/notifications/AdminNotificationsPage';
import { createAdminNotificationRoute, type AdminNotification } from '../../../../../src/shared/contract/adminNotifications';
import type { RouteDescriptor } from '../../../../../src/shared/contract/route';

vi.mock('../../../../../src/app/api/client', () => ({ callApi: vi.fn() }));
const callApiMock = vi.mocked(callApi);

/** What the create call answers, in turn: a network error (the answer lost), then the notification. */
let createAnswers: (() => Promise<unknown>)[] = [];

const sent = (title: string): AdminNotification => ({
  rowId: 1, title, body: 'Body', url: null, notificationType: 'General',
  audience: { ruleRowIds: [], roles: ['Student'], adGroupRowIds: [], userNames: [] },
  sendAt: '2025-11-01T12:00:00Z', status: 'Sent', createdBy: 'admin', createdAt: '2025-11-01T12:00:00Z', sentAt: '2025-11-01T12:00:00Z',
  recipients: 3, pushesDelivered: 0, pushesFailed: 0, readCount: 0, readRate: null,
});

beforeEach(() => {
  callApiMock.mockReset();
  callApiMock.mockImplementation(((route: RouteDescriptor) => {
    if (route.id === createAdminNotificationRoute.id) return (createAnswers.shift() ?? (() => Promise.reject(new Error('unexpected send'))))();
    if (route.id === 'admin.notificationsRecipients') return Promise.resolve({ count: 3, unknownUserNames: [] });
    return Promise.resolve([]);
  }) as never);
});

const renderPage = () =>
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <AdminNotificationsPage /> }])} />);

const sendCalls = () =>
  callApiMock.mock.calls.filter(([route]) => route.id === createAdminNotificationRoute.id).map(([, options]) => options as { idempotencyKey?: string });

async function compose(title: string) {
  const titleBox = screen.getByRole('textbox', { name: 'Title' });
  await userEvent.clear(titleBox);
  await userEvent.type(titleBox, title);
  await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'Body');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Students' }));
}

describe('sending a notification', () => {
  it('sends a second press after a lost answer with the same Idempotency-Key, and the next notification with a new one', async () => {
    createAnswers = [
      () => Promise.reject(ApiError.network(new TypeError('Failed to fetch'))),
      () => Promise.resolve(sent('Fire drill')),
      () => Promise.resolve(sent('Second')),
    ];
    renderPage();
    await compose('Fire drill');
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    await screen.findByText(/What you typed is kept\./);
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    await screen.findByText('Sent to 3 people.');
    await compose('Second');
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    await screen.findByText('Sent to 3 people.');

    const keys = sendCalls().map((options) => options.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toEqual(expect.any(String));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
