import type { z } from 'zod/mini';
import type { ErrorCode } from '../../shared/contract/errorCodes.js';

export type { ErrorCode };

export type FieldErrors = Record<string, string[]>;

/** The body of every error answer: SPEC §8's `{ message, errors }`, plus the kind of refusal. */
export interface ErrorBody {
  readonly message: string;
  readonly errors: FieldErrors;
  readonly code: ErrorCode;
}

/**
 * An error with the SPEC §8 body `{ message, errors }` and its `code`, thrown by handlers and
 * hooks. The code is required: no error leaves the server without one.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors: FieldErrors = {},
    /** `cause`: the error behind it, logged with it (never sent). */
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    return { message: this.message, errors: this.errors, code: this.code };
  }
}

export const unauthorized = (): HttpError => new HttpError(401, 'unauthorized', 'You need to sign in to do that.');
export const forbidden = (): HttpError => new HttpError(403, 'forbidden', 'You do not have permission to do that.');
export const notFound = (what = 'The requested item'): HttpError => new HttpError(404, 'notFound', `${what} was not found.`);
/** The database (or another service the answer needs) cannot be reached right now: try again soon. */
export const serviceUnavailable = (): HttpError => new HttpError(503, 'unavailable', 'The service is temporarily unavailable. Please try again shortly.');
/** A 400 with field errors: the request was read, but what it says is not valid. */
export const badRequest = (message: string, errors: FieldErrors = {}): HttpError =>
  new HttpError(400, 'validation', message, errors);
/** A 409: the item's current state forbids the change. */
export const conflict = (message: string, errors: FieldErrors = {}): HttpError => new HttpError(409, 'conflict', message, errors);
/** The answer of an unexpected fault: nothing of it is sent but this. */
export const internalErrorBody = (): ErrorBody => ({ message: 'Something went wrong on our side. Please try again later.', errors: {}, code: 'internal' });

/** Maps zod issues to field errors; `root` names the part of the request (query, body…) for top-level issues. */
export function fieldErrorsFrom(error: z.core.$ZodError, root: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : root;
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function validationError(error: z.core.$ZodError, root: string): HttpError {
  return badRequest('One or more fields are invalid.', fieldErrorsFrom(error, root));
}
