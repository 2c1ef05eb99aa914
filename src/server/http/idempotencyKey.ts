import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/** A key the client may send so a replayed write is recognised: printable ASCII, at most 100 characters. */
const KEY = /^[\x21-\x7e]{1,100}$/;

/** The SPEC §8 field the key's errors are filed under. */
export const idempotencyKeyField = 'idempotencyKey';

/**
 * The request's Idempotency-Key header (the outbox sends its entry id), or undefined when there is
 * none: a write without one is simply not deduplicated. A key that is present but not a plausible
 * one (empty, too long, not printable ASCII) is a 400, so a client never believes a write was
 * protected when it was not.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value === 'string' && KEY.test(value)) return value;
  throw new HttpError(400, 'validation', 'The Idempotency-Key header is not valid.', {
    [idempotencyKeyField]: ['Send one key of 1 to 100 printable ASCII characters.'],
  });
}

export const keyInProgress = (): HttpError =>
  new HttpError(409, 'conflict', 'A request with this key is still being processed.', {
    [idempotencyKeyField]: ['Wait for the first request to finish, then try again.'],
  });

export const keyReused = (): HttpError =>
  new HttpError(422, 'idempotencyKeyReused', 'This Idempotency-Key was already used for a different request.', {
    [idempotencyKeyField]: ['Send a new key for a new request.'],
  });
