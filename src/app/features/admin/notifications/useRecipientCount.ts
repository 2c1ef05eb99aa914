import { useEffect, useMemo, useState } from 'react';
import { countRecipientsRoute } from '../../../../shared/contract/adminNotifications';
import { callApi } from '../../../api/client';
import { isAbortError } from '../../../api/errorHandler';
import { countOf } from '../../../format/count';
import { audienceOf, type ComposeDraft } from './composeDraft';

/** Waits this long after the last audience change before asking. */
const DELAY_MS = 300;

interface RecipientCountState {
  readonly text: string;
}

/** The live recipient count of the draft's audience, as one sentence for a status line. */
export function useRecipientCount(draft: ComposeDraft): RecipientCountState {
  const audience = useMemo(() => audienceOf(draft), [draft]);
  const key = JSON.stringify(audience);
  const [text, setText] = useState('Counting recipients…');
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callApi(countRecipientsRoute, { body: { audience: JSON.parse(key) as typeof audience }, signal: controller.signal })
        .then(({ count, unknownUserNames }) => {
          const people = countOf(count, 'recipient', 'recipients');
          setText(unknownUserNames.length > 0 ? `${people}. Unknown user names: ${unknownUserNames.join(', ')}.` : `${people}.`);
        })
        .catch((error: unknown) => {
          if (!isAbortError(error)) setText('The recipient count is not available (offline?).');
        });
    }, DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return { text };
}
