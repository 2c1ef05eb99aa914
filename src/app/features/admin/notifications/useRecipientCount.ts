import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { countRecipientsRoute, type NotificationAudience } from '../../../../shared/contract/adminNotifications';
import { callApi } from '../../../api/client';
import { countOf } from '../../../format/count';
import { audienceOf, type ComposeDraft } from './composeDraft';

/** Waits this long after the last audience change before asking. */
const DELAY_MS = 300;

interface RecipientCountState {
  readonly text: string;
}

/** The audience as its key: the same audience, however built, is asked about once. */
function useSettledAudienceKey(draft: ComposeDraft): string {
  const key = JSON.stringify(audienceOf(draft));
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return settled;
}

/**
 * The live recipient count of the draft's audience, as one sentence for a status line. It asks
 * once the audience has stayed the same for a moment, and keeps the last count on screen until
 * the new one answers.
 */
export function useRecipientCount(draft: ComposeDraft): RecipientCountState {
  const key = useSettledAudienceKey(draft);
  const count = useQuery({
    queryKey: ['adminNotifications', 'recipientCount', key],
    queryFn: ({ signal }) => callApi(countRecipientsRoute, { body: { audience: JSON.parse(key) as NotificationAudience }, signal }),
    placeholderData: keepPreviousData,
  });
  if (count.isError) return { text: 'The recipient count is not available (offline?).' };
  if (!count.data) return { text: 'Counting recipients…' };
  const { count: people, unknownUserNames } = count.data;
  const sentence = countOf(people, 'recipient', 'recipients');
  return { text: unknownUserNames.length > 0 ? `${sentence}. Unknown user names: ${unknownUserNames.join(', ')}.` : `${sentence}.` };
}
