import { useMemo } from 'react';
import type { Notification } from '../../../shared/contract/notifications';
import type { ApiError } from '../../api/ApiError';
import { useResource } from '../../sync/useResource';
import { newestFirst, unreadCount } from './notificationList';
import { notificationsResource } from './resources';

export interface NotificationsState {
  /** Newest first; empty until loaded. */
  readonly items: readonly Notification[];
  readonly unread: number;
  /** Something is cached (possibly an empty list). */
  readonly hasData: boolean;
  readonly isLoading: boolean;
  readonly error: ApiError | undefined;
}

/** The cached notifications (with any queued marks applied), newest first, and how many are unread. */
export function useNotifications(): NotificationsState {
  const { data, isLoading, error } = useResource(notificationsResource);
  const items = useMemo(() => newestFirst(data ?? []), [data]);
  return { items, unread: unreadCount(items), hasData: data !== undefined, isLoading, error };
}
