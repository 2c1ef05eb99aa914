import { cookies } from '../../../shared/constants';

export interface CookieInfo {
  readonly name: string;
  readonly purpose: string;
  readonly kept: string;
}

/** Every cookie the app relies on (SPEC §3), in plain words. */
export const cookieList: readonly CookieInfo[] = [
  {
    name: 'Session cookie',
    purpose: 'Keeps you signed in. Only the server can read it.',
    kept: 'Until you sign out or stop using the app for a while',
  },
  {
    name: 'XSRF-TOKEN',
    purpose: 'Proves that a change comes from this app, so other websites cannot make changes in your name.',
    kept: 'Until you sign out',
  },
  {
    name: cookies.userApiPreferences,
    purpose: 'Your theme, corner and font choices, so pages look right before anything loads.',
    kept: 'Until you sign out',
  },
  {
    name: cookies.userAppPreferences,
    purpose: 'Your app choices, such as showing resources by category.',
    kept: 'Until you sign out',
  },
  {
    name: cookies.showTourPrompt,
    purpose: 'Whether to offer you the guided tour.',
    kept: 'Until you sign out',
  },
  {
    name: cookies.analyticsConsent,
    purpose: 'Your answer to the analytics question (granted or denied), so you are not asked again.',
    kept: 'Kept when you sign out; it does not expire',
  },
  {
    name: cookies.analyticsConsentUser,
    purpose: 'Who gave that answer on this device (a code, not your name), so that someone else who signs in here is asked again.',
    kept: 'Kept when you sign out; it does not expire',
  },
  {
    name: cookies.appPlatform,
    purpose: 'Whether the app runs in a browser or inside the university’s mobile app.',
    kept: 'Kept when you sign out',
  },
];
