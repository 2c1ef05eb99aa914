import type { CurrentUser } from '../features/session/currentUser';

/**
 * The validated current user (features/session/currentUser.ts), imported on demand: it brings the
 * API client and the contract's zod schemas, which a signed-out visitor's landing page never needs.
 * Its own module, so the guards' tests replace it with one static mock.
 */
export async function loadCurrentUser(): Promise<CurrentUser> {
  const { loadCurrentUser: load } = await import('../features/session/currentUser');
  return load();
}
