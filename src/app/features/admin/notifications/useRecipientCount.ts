import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NotificationAudience } from '../../../../shared/contract/adminNotifications';
import { countOf } from '../../../format/count';
import { useSettled } from '../../../serverState/useSettled';
import { adminNotificationKeys, countRecipients } from './adminNotifications.queries';
import { audienceOf, type ComposeDraft } from './composeDraft';

/** Waits this long after the last audience change before asking. */
const DELAY_MS = 300;

interface RecipientCountState {
  readonly text: string;
}

/**
 * The live recipient count of the draft's audience, as one sentence for a status line. It asks
 * once the audience has stayed the same for a moment, and keeps the last count on screen until
 * the new one answers.
 */
export function useRecipientCount(draft: ComposeDraft): RecipientCountState {
  // The audience as its key: the same audience, however built, is asked about once.
  const key = useSettled(JSON.stringify(audienceOf(draft)), DELAY_MS);
  const count = useQuery({
    queryKey: adminNotificationKeys.recipientCount(key),
    queryFn: ({ signal }) => countRecipients(JSON.parse(key) as NotificationAudience, signal),
    placeholderData: keepPreviousData,
  });
  if (count.isError) return { text: 'The recipient count is not available (offline?).' };
  if (!count.data) return { text: 'Counting recipients…' };
  const { count: people, unknownUserNames } = count.data;
  const sentence = countOf(people, 'recipient', 'recipients');
  return { text: unknownUserNames.length > 0 ? `${sentence}. Unknown user names: ${unknownUserNames.join(', ')}.` : `${sentence}.` };
}
