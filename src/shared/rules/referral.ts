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

/** The longest notes the server keeps. */
export const referralNotesMaxLength = 4000;

/** Notes are trimmed before sending (SPEC §5). */
export function normaliseReferralNotes(notes: string): string {
  return notes.trim();
}

/** SPEC §5: the details text is required once trimmed; undefined when valid. */
export function validateReferralNotes(notes: string): string | undefined {
  return normaliseReferralNotes(notes) === '' ? referralMessages.textRequired : undefined;
}
