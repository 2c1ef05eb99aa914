import { listNotificationsRoute } from '../../../shared/contract/notifications';
import { defineResource } from '../../sync/registry';
import { describeRefusalsOf } from '../../sync/writeRefusals';
import { markAsReadRefusalText } from './notices';

/** The user's notifications, newest first; SPEC §7 loads them at start-up. */
export const notificationsResource = defineResource({
  key: 'notifications',
  route: listNotificationsRoute,
  loadOnStartup: true,
});

// The only writes of this resource are mark-as-read: their refusals get the SPEC §8 wording.
describeRefusalsOf(notificationsResource.key, markAsReadRefusalText);
