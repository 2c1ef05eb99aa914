/** SPEC §5 and §8 texts of the self-referral flow, shared by the client and the server. */
export const referralMessages = {
  textRequired: 'Text is required',
  /** A referral was made in the last 30 days (SPEC §8, a warning). */
  recentlyReferred: 'You have recently been referred to Student Support. Please wait before submitting another.',
  /** The latest-referral check answered with an HTTP failure. */
  unableToCheck: 'Unable to check latest referral.',
  /** The latest-referral check could not reach the server or failed unexpectedly. */
  errorFetchingLatest: 'Error fetching latest referral status.',
} as const;

/**
 * What the Request Support dialog says about urgent help unless SUPPORT_URGENT_TEXT replaces it
 * (and what the app shows when it cannot ask the server): Student Support reply in working hours.
 */
export const defaultUrgentHelpText =
  'Student Support reply in working hours. If you or someone else is in danger or needs help now, call 999. ' +
  'For urgent medical help that is not an emergency, call NHS 111. To talk to someone at any time, day or night, call Samaritans free on 116 123.';

/** How the support dialog names each status of the student's latest referral. */
export const referralStatusWords = {
  New: 'sent, not yet contacted',
  Contacted: 'contacted',
  Closed: 'closed',
} as const;

/** The longest notes the server keeps. */
export const referralNotesMaxLength = 4000;

/** The longest private case note Student Support may write with a status change. */
export const referralCaseNoteMaxLength = 2000;

/** Notes are trimmed before sending (SPEC §5). */
export function normaliseReferralNotes(notes: string): string {
  return notes.trim();
}

/** SPEC §5: the details text is required once trimmed; undefined when valid. */
export function validateReferralNotes(notes: string): string | undefined {
  return normaliseReferralNotes(notes) === '' ? referralMessages.textRequired : undefined;
}
