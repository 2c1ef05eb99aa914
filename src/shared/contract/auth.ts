import { z } from './zod';
import { anyQuery, text, textLimits } from './common';
import { defineRoute, raw } from './route';
import { signedInUserInfoSchema } from './user';

/**
 * A same-site path to return to after sign-in: starts with one '/', never '//', and has no
 * backslash or control character anywhere (browsers drop tabs and newlines, so '/\t/evil' would
 * become '//evil': an open redirect).
 */
export const returnToSchema = text(2000).check(z.regex(/^\/(?![/\\])[^\\\u0000-\u001f\u007f]*$/, 'Expected a relative path starting with /'));

/**
 * Starts sign-in: redirects to the identity provider, or (demo mode) serves the persona picker
 * page. Marked `html` because that is what a demo browser receives; with an issuer it redirects.
 * `keepSignedIn=1` ("Keep me signed in on this device", issue 34 §5): the session's cookie then
 * lasts until the session's absolute expiry instead of ending with the browser; the server keeps
 * the choice through the provider's round trip (or ticks the picker's box with it).
 */
export const signInRoute = defineRoute({
  id: 'auth.signIn',
  method: 'GET',
  path: '/api/user/signin',
  query: z.object({ returnTo: z.optional(returnToSchema), keepSignedIn: z.optional(z.enum(['0', '1'])) }),
  response: raw.html,
  isPublic: true,
  roles: [],
});

/** The identity provider's redirect back; whatever it sends (code, state, iss, error...) is accepted. */
export const signInCallbackRoute = defineRoute({
  id: 'auth.signInCallback',
  method: 'GET',
  path: '/api/user/signin/callback',
  query: anyQuery,
  response: raw.redirect,
  isPublic: true,
  roles: [],
});

/** The demo persona picker's script (kept separate so the page needs no inline script). */
export const signInPickerScriptRoute = defineRoute({
  id: 'auth.pickerScript',
  method: 'GET',
  path: '/api/user/signin/picker.js',
  response: raw.javascript,
  isPublic: true,
  roles: [],
});

export const demoSignInSchema = z.object({
  userName: text(textLimits.short).check(z.minLength(1)),
  /** "Keep me signed in on this device": the session cookie outlives the browser (see signInRoute). */
  keepSignedIn: z.optional(z.boolean()),
});
export type DemoSignIn = z.infer<typeof demoSignInSchema>;

/** Demo mode only: signs in as a persona and returns the new session's user info. */
export const demoSignInRoute = defineRoute({
  id: 'auth.demoSignIn',
  method: 'POST',
  path: '/api/user/signin/demo',
  body: demoSignInSchema,
  response: signedInUserInfoSchema,
  isPublic: true,
  roles: [],
  // A sign-in issues a new session and cookies; there is no user to own a key before it.
  isIdempotentByKey: false,
});

const signOutQuery = z.object({ entra: z.optional(z.enum(['true', 'false'])) });

/**
 * SPEC §7's "navigate to /api/user/signout": no longer signs out by itself (a GET can be triggered
 * from any site). It serves a same-origin page that signs out through the POST below: at once when
 * the navigation came from this origin (`Sec-Fetch-Site: same-origin`), after a click otherwise.
 * Without a session it just redirects to /landing.
 */
export const signOutRoute = defineRoute({
  id: 'auth.signOut',
  method: 'GET',
  path: '/api/user/signout',
  query: signOutQuery,
  response: raw.html,
  isPublic: true,
  roles: [],
});

/** The sign-out page's script (kept separate so the page needs no inline script). */
export const signOutScriptRoute = defineRoute({
  id: 'auth.signOutScript',
  method: 'GET',
  path: '/api/user/signout/page.js',
  response: raw.javascript,
  isPublic: true,
  roles: [],
});

export const signOutResultSchema = z.object({
  /** Where the browser goes next: /landing, or the identity provider's end-session URL. */
  location: z.string(),
});

/** Ends the session (antiforgery header required); `entra=true` also signs out of the identity provider. */
export const signOutSubmitRoute = defineRoute({
  id: 'auth.signOutSubmit',
  method: 'POST',
  path: '/api/user/signout',
  query: signOutQuery,
  response: signOutResultSchema,
  isPublic: true,
  roles: [],
  // Signing out while viewing as someone signs the administrator out altogether.
  whileViewing: 'allow',
  // Ending a session twice does no harm, and its answer clears cookies that a replay could not.
  isIdempotentByKey: false,
});

export const signOutEverywhereResultSchema = z.object({
  /** Where the browser goes next: /landing. */
  location: z.string(),
  /** How many sessions ended, this one included. */
  endedSessions: z.int().check(z.nonnegative()),
});

/**
 * "Sign out of all devices": ends every session of the signed-in user, this one included, and
 * closes their status-feed streams. Each other device wipes its offline copy of the user's data
 * the next time it reaches the server (the session-revoked header, src/shared/rules/sessionUserHeader.ts).
 */
export const signOutEverywhereRoute = defineRoute({
  id: 'auth.signOutEverywhere',
  method: 'POST',
  path: '/api/user/signout/all',
  response: signOutEverywhereResultSchema,
  roles: [],
  // Its answer clears cookies that a replay could not.
  isIdempotentByKey: false,
});

export const authRoutes = [
  signInRoute,
  signInCallbackRoute,
  signInPickerScriptRoute,
  demoSignInRoute,
  signOutRoute,
  signOutScriptRoute,
  signOutSubmitRoute,
  signOutEverywhereRoute,
] as const;
