/** Mark-as-read, as a named mutation (see sync/mutation.ts). */
import { z } from 'zod/mini';
import { markAsReadRoute, markAsReadSchema, type Notification } from '../../../shared/contract/notifications';
import { defineMutation } from '../../sync/mutation';
import { markAsReadMutationName, withRead } from './notificationList';
import { notificationsResource } from './resources';

export const markAsReadMutation = defineMutation<{ rowIds: number[] }, Notification[]>({
  name: markAsReadMutationName,
  args: z.object({ rowIds: markAsReadSchema }),
  route: markAsReadRoute,
  resourceKey: () => notificationsResource.key,
  body: ({ rowIds }) => rowIds,
  apply: (list, { rowIds }) => withRead(list, rowIds),
});
