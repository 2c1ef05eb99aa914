import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/app/api/ApiError';
import { callApi } from '../../../../../src/app/api/client';
import { AdminNotificationsPage } from '../../../../../src/app/features/admin/notifications/AdminNotificationsPage';
import { createQueryClient } from '../../../../../src/app/serverState/queryClient';
import { createAdminNotificationRoute, type AdminNotification } from '../../../../../src/shared/contract/adminNotifications';
import type { RouteDescriptor } from '../../../../../src/shared/contract/route';

vi.mock('../../../../../src/app/api/client', () => ({ callApi: vi.fn() }));
const callApiMock = vi.mocked(callApi);

/** What the create call answers, in turn: a network error (the answer lost), then the notification. */
let createAnswers: (() => Promise<unknown>)[] = [];
/** What the recipient count answers. */
let recipients = 3;

const sent = (title: string): AdminNotification => ({
  rowId: 1, title, body: 'Body', url: null, notificationType: 'General',
  audience: { ruleRowIds: [], roles: ['Student'], adGroupRowIds: [], userNames: [] },
  sendAt: '2025-11-01T12:00:00Z', status: 'Sent', createdBy: 'admin', createdAt: '2025-11-01T12:00:00Z', sentAt: '2025-11-01T12:00:00Z',
  recipients: 3, pushesDelivered: 0, pushesFailed: 0, readCount: 0, readRate: null,
});

beforeEach(() => {
  recipients = 3;
  callApiMock.mockReset();
  callApiMock.mockImplementation(((route: RouteDescriptor) => {
    if (route.id === createAdminNotificationRoute.id) return (createAnswers.shift() ?? (() => Promise.reject(new Error('unexpected send'))))();
    if (route.id === 'admin.notificationsRecipients') return Promise.resolve({ count: recipients, unknownUserNames: [] });
    return Promise.resolve([]);
  }) as never);
});

// The admin area's layout gives its pages the query client; each test a fresh one.
const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <AdminNotificationsPage /> }])} />
    </QueryClientProvider>,
  );

const sendCalls = () =>
  callApiMock.mock.calls.filter(([route]) => route.id === createAdminNotificationRoute.id).map(([, options]) => options as { idempotencyKey?: string });

async function compose(title: string) {
  const titleBox = screen.getByRole('textbox', { name: 'Title' });
  await userEvent.clear(titleBox);
  await userEvent.type(titleBox, title);
  await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'Body');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Students' }));
}

/** Presses Send, then answers the question the dialog asks. */
async function sendAndConfirm(question = 'Send to 3 people now?') {
  await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
  const dialog = await screen.findByRole('dialog', { name: question });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
  return dialog;
}

describe('sending a notification', () => {
  it('asks first, with the count the server gives for the audience (en-GB), and sends nothing on Cancel', async () => {
    recipients = 2340;
    renderPage();
    await compose('Fire drill');
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to 2,340 people now?' });
    expect(dialog).toHaveTextContent('“Fire drill” goes to 2,340 people at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sendCalls()).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Fire drill');
  }, 15_000);

  it('sends a second press after a lost answer with the same Idempotency-Key, and the next notification with a new one', async () => {
    createAnswers = [
      () => Promise.reject(ApiError.network(new TypeError('Failed to fetch'))),
      () => Promise.resolve(sent('Fire drill')),
      () => Promise.resolve(sent('Second')),
    ];
    renderPage();
    await compose('Fire drill');
    const dialog = await sendAndConfirm();
    // The refusal shows in the dialog; closed and asked again, the send keeps its key.
    await within(dialog).findByRole('alert');
    await screen.findByText(/What you typed is kept\./);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await sendAndConfirm();
    await screen.findByText('Sent to 3 people.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await compose('Second');
    await sendAndConfirm();
    await screen.findByText('Sent to 3 people.');

    const keys = sendCalls().map((options) => options.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toEqual(expect.any(String));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  }, 30_000);

  it('says so, without asking, when nobody is in the audience', async () => {
    recipients = 0;
    renderPage();
    await compose('Fire drill');
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    await screen.findByText('Nobody is in this audience. What you typed is kept.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
