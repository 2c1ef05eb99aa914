import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { internalErrorBody, type ErrorBody } from './errors.js';

/** Route parameters longer than this are refused with 414 before routing (Fastify's default). */
export const MAX_PARAM_LENGTH = 100;

interface EarlyError {
  readonly status: number;
  readonly body: ErrorBody;
}

/**
 * What Fastify's router refuses before any route or hook runs. None of the answers repeats the
 * URL: it may hold a secret (a calendar feed id) and would be reflected to whoever sent it.
 */
function routerError(code: string | undefined): EarlyError {
  switch (code) {
    case 'FST_ERR_BAD_URL':
      return { status: 400, body: { message: 'The address is not valid.', errors: { path: ['The address contains a malformed percent-encoding.'] }, code: 'malformed' } };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, body: { message: 'The address is too long.', errors: { path: [`A part of the address is longer than ${MAX_PARAM_LENGTH} characters.`] }, code: 'uriTooLong' } };
    default:
      return { status: 500, body: internalErrorBody() };
  }
}

/** What Node's HTTP parser refuses; there is no request object, only the socket. */
function parserError(code: string | undefined): EarlyError {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, body: { message: 'The request took too long to arrive.', errors: { request: ['The request was not complete in time.'] }, code: 'timeout' } };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, body: { message: 'The request headers are too large.', errors: { headers: ['The address and headers together exceed the size limit.'] }, code: 'headersTooLarge' } };
    default:
      return { status: 400, body: { message: 'The request could not be read.', errors: { request: ['The request is not valid HTTP.'] }, code: 'malformed' } };
  }
}

/** Headers every early answer carries besides the security headers. */
const JSON_NO_STORE = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } as const;

/**
 * Fastify's `frameworkErrors` and `clientErrorHandler` options: the errors raised before routing
 * (bad URL encoding, an overlong parameter) and those of the HTTP parser (oversized headers, garbled
 * requests, request timeout) answer like every other error, in the SPEC §8 shape with the same
 * security headers, instead of Fastify's own body that echoes the URL.
 */
export function earlyErrorHandlers(securityHeaders: Readonly<Record<string, string>>): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = routerError(error.code);
      if (status >= 500) request.log.error({ err: error }, 'router error');
      else request.log.info({ code: error.code }, 'request refused before routing');
      void reply.code(status).headers({ ...securityHeaders, ...JSON_NO_STORE }).send(body);
    },
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      // A response already under way (an error inside a body) cannot get a second status line.
      const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
      if (socket.writable && !pending?.headersSent) {
        const { status, body } = parserError(error.code);
        const payload = JSON.stringify(body);
        const headers = { ...securityHeaders, ...JSON_NO_STORE, 'content-length': String(Buffer.byteLength(payload)), connection: 'close' };
        const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
        socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n${payload}`);
      }
      socket.destroy(error);
    },
  };
}
