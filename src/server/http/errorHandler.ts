import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/** Every error leaves the server as `{ message, errors }`; nothing of a stack trace does. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.code(error.statusCode).send(error.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ message: 'Too many attempts. Please wait a minute and try again.', errors: {} });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large...
      const message = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'This content type is not accepted here.' : 'The request could not be read.';
      return reply.code(status).send({ message, errors: { request: [error.message] } });
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again later.', errors: {} });
  });
}
