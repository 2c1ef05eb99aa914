import { z } from './zod';

/**
 * The error body of every failed call (SPEC §8): a message and a map from field to messages.
 * Network problems are filed under the `network` key by the client. Beside them, an extra field
 * the SPEC shape allows: `code`, the kind of refusal (`errorCodes.ts`), which every server error
 * sets and clients switch on instead of the message. A code this release does not know (a newer
 * server's) must not fail the whole body, so the wire schema takes any string and readers narrow
 * it with `isErrorCode`; the server's `ErrorBody` only ever holds an `ErrorCode`.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  code: z.optional(z.string()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export { errorCodes, isErrorCode, type ErrorCode } from './errorCodes';

// Field keys for errors that belong to no single form field: in their own zod-free module, so
// the client's error class does not pull zod into the landing page's chunk.
export { errorKeys } from './errorKeys';

/** SPEC §8: client calls resolve to a result with a success flag rather than throwing. */
export type ApiResult<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly status: number; readonly error: ApiError };
