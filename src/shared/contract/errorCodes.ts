/**
 * What kind of refusal an error answer is: the `code` every server error carries beside the
 * SPEC §8 `message` and `errors` (an extra field, so the SPEC shape still holds). Clients switch on
 * the code, never on the message text, which is for people and may be reworded. In its own
 * zod-free module, like `errorKeys`, so the client's error class does not pull zod into the
 * landing page's chunk.
 */
export const errorCodes = [
  /** 400: one or more fields (params, query, body, headers) are invalid; `errors` says which. */
  'validation',
  /** 400: the request could not be read at all (malformed JSON, URL encoding, multipart, HTTP). */
  'malformed',
  /** 401: not signed in (or a machine client's token is missing or wrong). */
  'unauthorized',
  /** 403: signed in, but this role or capability may not do that. */
  'forbidden',
  /** 403: a write without the antiforgery token of this session (SPEC §7). */
  'xsrf',
  /** 403: a write (or a refused read) while an administrator views as a user (issue 17). */
  'viewAsReadOnly',
  /** 403: a write from a page that was viewing as someone, after that view ended. */
  'staleView',
  /** 404: no such route or item. */
  'notFound',
  /** 406: no answer in a media type the request accepts. */
  'notAcceptable',
  /** 408: the request (or an upload) took too long to arrive. */
  'timeout',
  /** 409: the item's state forbids it now (already decided, in use, still being processed...). */
  'conflict',
  /** 413: the body or upload is too large. */
  'tooLarge',
  /** 414: the address is too long. */
  'uriTooLong',
  /** 415: the body's content type is not accepted here. */
  'unsupportedMediaType',
  /** 422: the Idempotency-Key was already used for a different request. */
  'idempotencyKeyReused',
  /** 429: too many attempts or requests; wait and try again. */
  'rateLimited',
  /** 431: the request headers are too large. */
  'headersTooLarge',
  /** 500: a fault on the server's side. */
  'internal',
  /** 501: a route of the contract with no implementation yet. */
  'notImplemented',
  /** 503: the database or the server is unavailable for now; try again soon. */
  'unavailable',
  /** 507: an upload could not be stored. */
  'insufficientStorage',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

const known: ReadonlySet<string> = new Set(errorCodes);

/** Whether a value is one of the codes this release knows (a newer server may send others). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && known.has(value);
}
