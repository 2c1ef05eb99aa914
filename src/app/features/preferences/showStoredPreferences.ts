import type { AppPreferences, UserApiPreferences } from '../../../shared/contract/preferences';
import { isViewingAs } from '../viewAs/isViewingAs';
import { applyAppPreferences, applyUserApiPreferences } from './applyPreferences';
import { saveAppPreferencesCookie, saveUserApiPreferencesCookie } from './preferenceCookies';

/*
 * The stored preferences (the server's, or this device's optimistic change) shown on <html> and
 * kept in the cookies that the next page load paints with. While an administrator views as
 * someone, the page shows that person's look, but the cookies stay the administrator's: they
 * outlive the view, and "Stop viewing" must not paint the administrator's pages in it.
 */

export function showStoredUserApiPreferences(preferences: UserApiPreferences): void {
  applyUserApiPreferences(preferences);
  if (!isViewingAs()) saveUserApiPreferencesCookie(preferences);
}

export function showStoredAppPreferences(preferences: AppPreferences): void {
  applyAppPreferences(preferences);
  if (!isViewingAs()) saveAppPreferencesCookie(preferences);
}
