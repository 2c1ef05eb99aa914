import { useQuery, type QueryClient } from '@tanstack/react-query';
import { listAdGroupsRoute, listRulesRoute } from '../../../../shared/contract/adminAudience';
import {
  cancelAdminNotificationRoute, countRecipientsRoute, createAdminNotificationRoute, listAdminNotificationsRoute, updateAdminNotificationRoute,
  type ComposeNotification, type NotificationAudience,
} from '../../../../shared/contract/adminNotifications';
import { callApi } from '../../../api/client';

/** The history is read again this often while the page is open (read rates move). */
const HISTORY_REFRESH_MS = 15_000;

/**
 * The notifications page's server state: the history (a send, a save or a cancellation marks it
 * stale), the live recipient count per audience, and the rules and groups to choose from.
 */
export const adminNotificationKeys = {
  all: ['adminNotifications'] as const,
  history: () => [...adminNotificationKeys.all, 'history'] as const,
  /** `audience`: the audience as JSON, so the same audience however built is one entry. */
  recipientCount: (audience: string) => [...adminNotificationKeys.all, 'recipientCount', audience] as const,
  audienceChoices: () => [...adminNotificationKeys.all, 'audienceChoices'] as const,
};

/** Every notification sent or scheduled, read again every 15 seconds while the page is open. */
export function useNotificationHistory() {
  return useQuery({
    queryKey: adminNotificationKeys.history(),
    queryFn: ({ signal }) => callApi(listAdminNotificationsRoute, { signal }),
    refetchInterval: HISTORY_REFRESH_MS,
  });
}

/** The audience rules and directory groups the compose form offers; either failing fails both. */
export function useAudienceChoices() {
  return useQuery({
    queryKey: adminNotificationKeys.audienceChoices(),
    queryFn: async ({ signal }) => {
      const [rules, groups] = await Promise.all([callApi(listRulesRoute, { signal }), callApi(listAdGroupsRoute, { signal })]);
      return { rules, groups };
    },
  });
}

/** How many people an audience reaches now, as the server resolves it for a send. */
export function countRecipients(audience: NotificationAudience, signal?: AbortSignal) {
  return callApi(countRecipientsRoute, { body: { audience }, ...(signal ? { signal } : {}) });
}

/** Sends or schedules a new notification, or changes a scheduled one (`rowId`); the history is read again. */
export async function saveNotification(client: QueryClient, rowId: number | undefined, body: ComposeNotification, idempotencyKey: string) {
  const saved =
    rowId === undefined
      ? await callApi(createAdminNotificationRoute, { body, idempotencyKey })
      : await callApi(updateAdminNotificationRoute, { params: { rowId }, body, idempotencyKey });
  await client.invalidateQueries({ queryKey: adminNotificationKeys.history() });
  return saved;
}

/** Cancels a scheduled notification; the history is read again. */
export async function cancelNotification(client: QueryClient, rowId: number) {
  const cancelled = await callApi(cancelAdminNotificationRoute, { params: { rowId } });
  await client.invalidateQueries({ queryKey: adminNotificationKeys.history() });
  return cancelled;
}
