/** The same-origin check of sign-in's return path lives in src/shared, so the app applies it too. */
export { DEFAULT_RETURN_PATH, safeReturnPath } from '../../shared/rules/returnTo.js';
