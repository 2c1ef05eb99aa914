import type { FastifyRequest } from 'fastify';

/** A key the client may send so a replayed write is recognised: printable ASCII, at most 100 characters. */
const KEY = /^[\x21-\x7e]{1,100}$/;

/**
 * The request's Idempotency-Key header (the outbox sends its entry id), or undefined when there is
 * none or it is not a plausible key; a write without one is simply not deduplicated.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' && KEY.test(value) ? value : undefined;
}
