import type { z } from 'zod/mini';

export type FieldErrors = Record<string, string[]>;

/** An error with the SPEC §8 body `{ message, errors }`, thrown by handlers and hooks. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: FieldErrors = {},
    /** `cause`: the error behind it, logged with it (never sent). */
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
  }

  toBody(): { message: string; errors: FieldErrors } {
    return { message: this.message, errors: this.errors };
  }
}

export const unauthorized = (): HttpError => new HttpError(401, 'You need to sign in to do that.');
export const forbidden = (): HttpError => new HttpError(403, 'You do not have permission to do that.');
export const notFound = (what = 'The requested item'): HttpError => new HttpError(404, `${what} was not found.`);
/** The database (or another service the answer needs) cannot be reached right now: try again soon. */
export const serviceUnavailable = (): HttpError => new HttpError(503, 'The service is temporarily unavailable. Please try again shortly.');
export const badRequest = (message: string, errors: FieldErrors = {}): HttpError =>
  new HttpError(400, message, errors);

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
