import {
  saveAppPreferencesRoute,
  saveUserApiPreferencesRoute,
  type AppPreferences,
  type UserApiPreferences,
} from '../../../shared/contract/preferences';
import { enqueueWrite } from '../../sync/outbox';
import { appliedPreferences, appliedUserApiPreferences, applyAppPreferences, applyUserApiPreferences } from './applyPreferences';
import { saveAppPreferencesCookie, saveUserApiPreferencesCookie } from './preferenceCookies';
import { appPreferencesResource, userApiPreferencesResource } from './resources';

/**
 * SPEC §4: a preference change applies at once, is saved to its cookie, and goes to the server
 * (through the outbox, so it also works offline). The PUT always carries all three values.
 */
async function saveUserApi(change: Partial<UserApiPreferences>): Promise<void> {
  const shown = { ...appliedUserApiPreferences(), ...change };
  applyUserApiPreferences(shown);
  saveUserApiPreferencesCookie(shown);
  await enqueueWrite({
    route: saveUserApiPreferencesRoute,
    resource: userApiPreferencesResource,
    apply: (current) => ({ ...(current ?? shown), ...change }),
    body: (next) => next,
  });
}

export const setTheme = (theme: string): Promise<void> => saveUserApi({ theme });
export const setBorder = (border: string): Promise<void> => saveUserApi({ border });
export const setFont = (font: string): Promise<void> => saveUserApi({ font });

/** PUT /api/user/preferences/app with the whole object, on every change (SPEC §7). */
export async function setCategoryView(isCategoryView: boolean): Promise<void> {
  const base: AppPreferences = appliedPreferences().app;
  applyAppPreferences({ ...base, isCategoryView });
  saveAppPreferencesCookie({ ...base, isCategoryView });
  await enqueueWrite({
    route: saveAppPreferencesRoute,
    resource: appPreferencesResource,
    apply: (current) => ({ ...(current ?? base), isCategoryView }),
    body: (next) => next,
  });
}
