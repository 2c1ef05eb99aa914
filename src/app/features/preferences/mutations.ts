import type { AppPreferences, UserApiPreferences } from '../../../shared/contract/preferences';
import { activeUserDatabase } from '../../db/userDatabase';
import { validCachedValue } from '../../sync/cachedValue';
import { getActiveUser } from '../../db/activeUser';
import { enqueueMutation, queueMutation } from '../../sync/outbox';
import { isViewingAs } from '../viewAs/isViewingAs';
import { appChanges, userApiChanges, type LocalChanges } from './localChanges';
import { appliedPreferences, appliedUserApiPreferences, applyAppPreferences, applyUserApiPreferences } from './applyPreferences';
import { saveAppPreferencesCookie, saveUserApiPreferencesCookie } from './preferenceCookies';
import { saveAppPreferencesMutation, saveUserApiPreferencesMutation } from './preferences.mutations';
import { appPreferencesResource, userApiPreferencesResource } from './resources';

/** The cached value shown now, if any (the queued saves included), when it has today's shape. */
async function cachedValue<T>(key: string): Promise<T | undefined> {
  return validCachedValue<T>(key, (await activeUserDatabase()?.resources.get(key))?.value);
}

/** Stores a change already on screen, as its user's newest (a change with nobody signed in is refused by the outbox). */
async function storeShownChange(changes: LocalChanges, write: () => Promise<number | undefined>): Promise<void> {
  const userId = getActiveUser()?.userId;
  if (userId === undefined) await write();
  else await changes.track(userId, write);
}

/**
 * SPEC §4: a preference change applies at once, is saved to its cookie, and goes to the server
 * (through the outbox, so it also works offline). The PUT always carries all three values.
 */
async function saveUserApi(change: Partial<UserApiPreferences>): Promise<void> {
  const shown = { ...appliedUserApiPreferences(), ...change };
  // An administrator viewing as this user (issue 17) changes nothing: the server refuses the write
  // and the app says so, so the page keeps the viewed user's look rather than show a refused one.
  if (isViewingAs()) {
    await enqueueMutation(saveUserApiPreferencesMutation, shown);
    return;
  }
  await storeShownChange(userApiChanges, async () => {
    applyUserApiPreferences(shown);
    saveUserApiPreferencesCookie(shown);
    const current = await cachedValue<UserApiPreferences>(userApiPreferencesResource.key);
    return (await queueMutation(saveUserApiPreferencesMutation, { ...(current ?? shown), ...change })).version;
  });
}

export const setTheme = (theme: string): Promise<void> => saveUserApi({ theme });
export const setBorder = (border: string): Promise<void> => saveUserApi({ border });
export const setFont = (font: string): Promise<void> => saveUserApi({ font });

/** PUT /api/user/preferences/app with the whole object, on every change (SPEC §7). */
export async function setCategoryView(isCategoryView: boolean): Promise<void> {
  const base: AppPreferences = appliedPreferences().app;
  if (isViewingAs()) {
    await enqueueMutation(saveAppPreferencesMutation, { ...base, isCategoryView });
    return;
  }
  await storeShownChange(appChanges, async () => {
    applyAppPreferences({ ...base, isCategoryView });
    saveAppPreferencesCookie({ ...base, isCategoryView });
    const current = await cachedValue<AppPreferences>(appPreferencesResource.key);
    return (await queueMutation(saveAppPreferencesMutation, { ...(current ?? base), isCategoryView })).version;
  });
}
