import { adminFeedbackRoute } from '../../../shared/contract/adminFeedback.js';
import {
  feedbackPromptDateRoute,
  recordFeedbackPromptRoute,
  sendFeedbackRoute,
} from '../../../shared/contract/feedback.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import * as feedback from './feedback.service.js';

/** The feedback prompt and form (SPEC §4, §7): always the caller's own; the list for administrators. */
export function feedbackRoutes({ db, clock }: ServerContext): RouteImplementation[] {
  return [
    implement(feedbackPromptDateRoute, async ({ user }) => feedback.loadPromptDate(db, user.id)),
    implement(recordFeedbackPromptRoute, async ({ user, body }) => feedback.recordPrompt(db, user.id, body.providedFeedback, clock.now())),
    implement(sendFeedbackRoute, async ({ user, body }) => feedback.sendFeedback(db, user.id, body, clock.now())),
    implement(adminFeedbackRoute, async ({ query }) => feedback.listFeedback(db, { limit: query.limit ?? 1000, offset: query.offset ?? 0 })),
  ];
}
