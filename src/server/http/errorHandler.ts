import type { FastifyError, FastifyInstance } from 'fastify';
import { isConnectionError, messageOf } from '../db/connectionErrors.js';
import { HttpError, internalErrorBody, serviceUnavailable, type ErrorBody } from './errors.js';

/** Seconds a client is asked to wait before trying again while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Every error leaves the server as `{ message, errors, code }`; nothing of a stack trace does. A lost or
 * refused database connection is a 503 with Retry-After, anything else unexpected a 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      // A 503 is a known, passing state (database down, server restarting), not a fault to chase.
      if (error.statusCode === 503) request.log.warn(error.message);
      else if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.code(error.statusCode).send(error.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ message: 'Too many attempts. Please wait a minute and try again.', errors: {}, code: 'rateLimited' } satisfies ErrorBody);
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large...
      const message = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'This content type is not accepted here.' : 'The request could not be read.';
      const code = status === 413 ? 'tooLarge' : status === 415 ? 'unsupportedMediaType' : 'malformed';
      return reply.code(status).send({ message, errors: { request: [error.message] }, code } satisfies ErrorBody);
    }
    // The database is down or restarting: an outage, not a bug. 503 tells proxies and the app's
    // outbox to try again later (a 4xx would make the outbox drop the write).
    if (isConnectionError(error)) {
      request.log.warn({ err: { message: messageOf(error) } }, 'database unreachable');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(serviceUnavailable().toBody());
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.code(500).send(internalErrorBody());
  });
}
