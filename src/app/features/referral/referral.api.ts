import { supportContentRoute } from '../../../shared/contract/content';
import { latestReferralRoute, selfReferralReason, sendReferralRoute, type LatestReferral } from '../../../shared/contract/referrals';
import { defaultUrgentHelpText, normaliseReferralNotes, referralMessages } from '../../../shared/rules/referral';
import { callApi } from '../../api/client';
import { isApiError } from '../../api/ApiError';

/** Said while the dialog asks for the student's latest referral. */
export const checkingMessage = 'Checking your recent requests…';

/** What the dialog knows about the 30-day cooldown when it opens, with the student's latest referral. */
export type CooldownCheck =
  | { readonly kind: 'clear'; readonly latest: LatestReferral }
  | { readonly kind: 'recent'; readonly latest: LatestReferral }
  /** The check failed; the server still refuses a second referral, so the form stays usable. */
  | { readonly kind: 'unknown'; readonly message: string };

/** SPEC §8: an HTTP failure is 'Unable to check…', anything else 'Error fetching…'. */
export function describeCooldownFailure(error: unknown): string {
  return isApiError(error) && error.reason === 'http' ? referralMessages.unableToCheck : referralMessages.errorFetchingLatest;
}

export async function checkReferralCooldown(signal?: AbortSignal): Promise<CooldownCheck> {
  try {
    const latest = await callApi(latestReferralRoute, { signal });
    return latest.isWithin30Days ? { kind: 'recent', latest } : { kind: 'clear', latest };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'unknown', message: describeCooldownFailure(error) };
  }
}

/** Where to get urgent help (SUPPORT_URGENT_TEXT); the built-in text when the server cannot be asked. */
export async function loadUrgentHelp(signal?: AbortSignal): Promise<string> {
  try {
    return (await callApi(supportContentRoute, { signal })).urgentHelp;
  } catch (error) {
    if (signal?.aborted) throw error;
    return defaultUrgentHelpText;
  }
}

/** Sends a self-referral with the notes trimmed (SPEC §5). */
export async function sendSelfReferral(notes: string): Promise<void> {
  await callApi(sendReferralRoute, { body: { reason: selfReferralReason, notes: normaliseReferralNotes(notes) } });
}
