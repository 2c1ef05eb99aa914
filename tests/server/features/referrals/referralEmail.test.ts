import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendReferralRoute } from '../../../../src/shared/contract/referrals.js';
import { jobIdFor } from '../../../../src/server/jobs/jobQueue.js';
import { REFERRAL_EMAIL_QUEUE } from '../../../../src/server/features/referrals/referralEmail.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { userId } from '../attendance/support.js';

/** What the local SMTP peer was given: the envelope and the raw message. */
interface Received {
  readonly from: string;
  readonly to: readonly string[];
  readonly raw: string;
}

const received: Received[] = [];
/** Answer the next message with a temporary failure (451), as a busy mail server does. */
let refuseNext = false;
let refused = 0;
let announce: (message: Received) => void = () => {};
const nextMessage = () => new Promise<Received>((resolve) => (announce = resolve));

/** A real SMTP server on a free local port that keeps every message it accepts. */
const receiver = new SMTPServer({
  authOptional: true,
  // Plain SMTP on loopback: without STARTTLS on offer the client does not try TLS with a made-up certificate.
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      if (refuseNext) {
        refuseNext = false;
        refused += 1;
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        return;
      }
      const envelope = session.envelope;
      const message: Received = {
        from: envelope.mailFrom ? envelope.mailFrom.address : '',
        to: envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(message);
      announce(message);
      callback();
    });
  },
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

// The app starts after the receiver listens (its env is read in its own beforeAll), with the queue running.
const t = useTestApp({
  runJobs: true,
  env: () => ({
    SUPPORT_TEAM_EMAIL: 'student-support@campus.example.ac.uk',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    SMTP_FROM: 'campus-companion@campus.example.ac.uk',
    PORT: '8443',
  }),
});

describe('the email to SUPPORT_TEAM_EMAIL', () => {
  it('reaches the team through a real SMTP peer, from the job queue, with a link to the case and nothing personal', async () => {
    const arrival = nextMessage();
    const student = await t.signIn('student');
    const response = await t.call(sendReferralRoute, { as: student, body: { reason: 'Self Referral', notes: 'My landlord is evicting me next week.' } });
    // The request answers without waiting for SMTP: the email is a queued job.
    expect(response.statusCode).toBe(204);
    const message = await arrival;

    const referral = await t.db.selectFrom('referrals').select('id').where('student_user_id', '=', await userId(t.db, 'student')).executeTakeFirstOrThrow();
    expect(message.from).toBe('campus-companion@campus.example.ac.uk');
    expect(message.to).toEqual(['student-support@campus.example.ac.uk']);
    expect(message.raw).toMatch(/^Subject: New Student Support referral\r?$/m);
    expect(message.raw).toContain(`http://127.0.0.1:8443/staff/referrals/${referral.id}`);
    // No more personal data than needed: not the notes, the name, the student id or the address.
    for (const secret of ['landlord', 'evicting', 'Amara', 'Okafor', 'S2400001', 'student@campus']) expect(message.raw).not.toContain(secret);
    expect(received).toHaveLength(1);
  });

  it('is sent once per referral: its job is done and nothing is left to send', async () => {
    await t.app.jobs.idle(REFERRAL_EMAIL_QUEUE);
    expect(received).toHaveLength(1);
  });

  it('is kept for a retry when the mail server refuses it for now, and the referral is stored all the same', async () => {
    refuseNext = true;
    const student = await t.signIn('student.unknown');
    const response = await t.call(sendReferralRoute, { as: student, body: { reason: 'Self Referral', notes: 'Please call me.' } });
    expect(response.statusCode).toBe(204);
    const referral = await t.db.selectFrom('referrals').select('id').where('student_user_id', '=', await userId(t.db, 'student.unknown')).executeTakeFirstOrThrow();
    const jobId = jobIdFor(`referral-email:${referral.id}`);
    // pg-boss marks a failed try 'retry' and runs it again after its delay (a minute, then longer).
    let state = await t.app.jobs.jobState(REFERRAL_EMAIL_QUEUE, jobId);
    while (state !== 'retry') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await t.app.jobs.jobState(REFERRAL_EMAIL_QUEUE, jobId);
    }
    expect(refused).toBe(1);
    expect(received).toHaveLength(1);
  });
});
