import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { keyInProgress, keyReused } from './idempotencyKey.js';
import type { IdempotencyStore, KeyedRequest, StoredAnswer } from './idempotencyStore.js';

/** Set on an answer sent again for a retried Idempotency-Key. */
export const replayedHeader = 'idempotent-replayed';

/** An answer ready to send; `isSent` when the handler already wrote it itself. */
export interface PreparedAnswer extends StoredAnswer {
  readonly isSent?: boolean;
}

export function sendAnswer(reply: FastifyReply, answer: PreparedAnswer): FastifyReply {
  if (answer.isSent) return reply;
  reply.code(answer.status);
  if (answer.contentType) reply.type(answer.contentType);
  return answer.body === null ? reply.send() : reply.send(answer.body);
}

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/**
 * Runs a keyed write at most once per user and key (issue 29). The key is claimed before `run`;
 * a success is stored and answered again to every retry for 24 hours; a failure (thrown, or an
 * answer outside 2xx) gives the key up, so the retry runs again. A retry while the first request
 * still runs is a 409, and the key sent for another route or body a 422 (SPEC §8 shape both).
 */
export async function answerOnce(
  store: IdempotencyStore,
  keyed: KeyedRequest,
  reply: FastifyReply,
  log: FastifyBaseLogger,
  run: () => Promise<PreparedAnswer>,
): Promise<FastifyReply> {
  const claim = await store.claim(keyed);
  if (claim.kind === 'replay') return sendAnswer(reply.header(replayedHeader, 'true'), claim.answer);
  if (claim.kind === 'inProgress') {
    reply.header('retry-after', '1');
    throw keyInProgress();
  }
  if (claim.kind === 'mismatch') throw keyReused();
  const giveUp = () => store.release(keyed, claim.at).catch((error: unknown) => log.error({ err: error }, 'releasing an idempotency key failed'));
  let answer: PreparedAnswer;
  try {
    answer = await run();
  } catch (error) {
    await giveUp();
    throw error;
  }
  if (!isSuccess(answer.status)) {
    await giveUp();
    return sendAnswer(reply, answer);
  }
  // The write happened: answer it even if keeping the answer fails (the claim then lapses after its lease).
  await store.complete(keyed, claim.at, answer).catch((error: unknown) => log.error({ err: error }, 'storing an idempotent answer failed'));
  return sendAnswer(reply, answer);
}
