import { feedbackPromptDateRoute } from '../../../shared/contract/feedback';
import { defineResource } from '../../sync/registry';

/**
 * SPEC §3 feedback prompt date (the latest prompt, and whether feedback was given then). No SPEC
 * lifetime: revalidated (a cheap 304) when older than a minute; the cached copy decides offline.
 */
export const feedbackPromptResource = defineResource({
  key: 'feedbackPrompt',
  route: feedbackPromptDateRoute,
});
