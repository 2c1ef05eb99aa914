import { z } from './zod';
import { isoDateTime, text } from './common';
import { defineRoute, raw } from './route';
import { referralMessages, referralNotesMaxLength } from '../rules/referral';

export const selfReferralReason = 'Self Referral';

/** SPEC §3 referral. Notes are trimmed; empty notes fail with SPEC §5's 'Text is required'. */
export const referralSchema = z.object({
  reason: z.literal(selfReferralReason),
  notes: text(referralNotesMaxLength, { trim: true }).check(z.minLength(1, referralMessages.textRequired)),
});
export type Referral = z.infer<typeof referralSchema>;

/** Where Student Support has got to with a referral (issue 31). */
export const referralStatuses = ['New', 'Contacted', 'Closed'] as const;
export const referralStatusSchema = z.enum(referralStatuses);
export type ReferralStatus = z.infer<typeof referralStatusSchema>;

/**
 * Answer to "was a referral made in the last 30 days?", with the student's latest referral (of any
 * age): when it was sent and its status. Both null when they have never sent one.
 */
export const latestReferralSchema = z.object({
  isWithin30Days: z.boolean(),
  sentAt: z.nullable(isoDateTime),
  status: z.nullable(referralStatusSchema),
});
export type LatestReferral = z.infer<typeof latestReferralSchema>;

export const latestReferralRoute = defineRoute({
  id: 'referrals.latest',
  method: 'GET',
  path: '/api/attendance/referrals/latest',
  response: latestReferralSchema,
  roles: ['Student'],
});

/** Refused while a referral from the last 30 days exists. */
export const sendReferralRoute = defineRoute({
  id: 'referrals.send',
  method: 'POST',
  path: '/api/attendance/referrals/send',
  body: referralSchema,
  response: raw.empty,
  roles: ['Student'],
});

export const referralRoutes = [latestReferralRoute, sendReferralRoute] as const;
