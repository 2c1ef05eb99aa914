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
 */
export const signInRoute = defineRoute({
  id: 'auth.signIn',
  method: 'GET',
  path: '/api/user/signin',
  query: z.object({ returnTo: z.optional(returnToSchema) }),
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
});

/** Ends the session; `entra=true` also signs out of the external identity provider. */
export const signOutRoute = defineRoute({
  id: 'auth.signOut',
  method: 'GET',
  path: '/api/user/signout',
  query: z.object({ entra: z.optional(z.enum(['true', 'false'])) }),
  response: raw.redirect,
  isPublic: true,
  roles: [],
});

export const authRoutes = [
  signInRoute,
  signInCallbackRoute,
  signInPickerScriptRoute,
  demoSignInRoute,
  signOutRoute,
] as const;
