import { createTransport } from 'nodemailer';
import type { SupportConfig } from '../../config.js';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { jobIdFor, safeMessage, type JobQueue } from '../../jobs/jobQueue.js';
import { linkOrigin } from '../../auth/cookies.js';
import { caseUrlOf } from './supportTeam.js';

/**
 * The email that tells SUPPORT_TEAM_EMAIL a referral has arrived. It goes through the durable job
 * queue: the request that stored the referral never waits on SMTP, and a send that fails (the mail
 * server down, a 4xx) is tried again with growing delays, on any instance. It carries a link to the
 * case and nothing else: no name, no notes (email leaves the app's access control).
 */
export const REFERRAL_EMAIL_QUEUE = 'support.referralEmail';

/** Retried for about 4 hours (1, 2, 4 … minutes apart); a send that hangs is taken as lost after 2 minutes. */
const queueOptions = { retryLimit: 8, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 } as const;

interface ReferralEmailJob {
  readonly referralId: number;
}

export interface ReferralEmail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** What the team is sent: a link to the case (where signing in shows it), nothing about the student. */
export function composeReferralEmail(teamEmail: string, caseLink: string): ReferralEmail {
  return {
    to: teamEmail,
    subject: 'New Student Support referral',
    text: [
      'A student has asked Student Support for help through Campus Companion.',
      '',
      `Open the case: ${caseLink}`,
      '',
      'Sign in as a member of Student Support to read it. This email holds no details of the referral on purpose.',
      '',
    ].join('\n'),
  };
}

/**
 * Queues the email of one referral, inside the transaction that stores it (`within`), so the job
 * exists exactly when the referral does. Nothing when no team address is configured, or when the
 * queue does not run on this process (unit tests that do not test it).
 */
export async function queueReferralEmail(jobs: JobQueue, support: SupportConfig, referralId: number, within: Db): Promise<void> {
  if (!support.teamEmail || !jobs.started) return;
  const data: ReferralEmailJob = { referralId };
  await jobs.insert([{ id: jobIdFor(`referral-email:${referralId}`), name: REFERRAL_EMAIL_QUEUE, data, ...queueOptions }], within);
}

/** Works the email queue on this instance; a failed send throws, so pg-boss retries it. */
export async function startReferralEmailWorker(ctx: ServerContext, jobs: JobQueue, log: { warn: (obj: object, msg: string) => void }): Promise<void> {
  const { teamEmail, smtpUrl, fromAddress } = ctx.config.support;
  await jobs.createQueue(REFERRAL_EMAIL_QUEUE, queueOptions);
  if (!teamEmail || !smtpUrl) return;
  const transport = createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from: fromAddress ?? teamEmail },
  );
  await jobs.work<ReferralEmailJob>(REFERRAL_EMAIL_QUEUE, 1, async (batch) => {
    for (const job of batch) {
      const email = composeReferralEmail(teamEmail, `${linkOrigin(ctx.config)}${caseUrlOf(job.data.referralId)}`);
      try {
        await transport.sendMail(email);
      } catch (error) {
        // Logged without the SMTP URL, which may hold a password; pg-boss tries again later.
        log.warn({ referralId: job.data.referralId, err: { message: safeMessage(error) } }, 'referral email not sent; it will be retried');
        throw new Error(safeMessage(error));
      }
    }
  });
}
