import { z } from './zod';

/**
 * The error body of every failed call (SPEC §8): a message and a map from field to messages.
 * Network problems are filed under the `network` key by the client.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

// Field keys for errors that belong to no single form field: in their own zod-free module, so
// the client's error class does not pull zod into the landing page's chunk.
export { errorKeys } from './errorKeys';

/** SPEC §8: client calls resolve to a result with a success flag rather than throwing. */
export type ApiResult<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly status: number; readonly error: ApiError };
