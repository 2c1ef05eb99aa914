import { useEffect } from 'react';
import { useStore } from '../../state/useStore';
import { useActiveUser } from '../../sync/useActiveUser';
import { appChanges, isOlderThanShown, userApiChanges } from './localChanges';
import { useAppPreferences, useUserApiPreferences } from './queries';
import { showStoredAppPreferences, showStoredUserApiPreferences } from './showStoredPreferences';

/**
 * Keeps <html> and the preference cookies in line with the stored preferences: the server's
 * (e.g. chosen on another device) once loaded, or this device's optimistic change. A stored row
 * older than a change already on screen is passed over (localChanges.ts).
 */
export function usePreferenceSync(): void {
  const userId = useActiveUser()?.userId;
  const { data: userApi, version: userApiVersion } = useUserApiPreferences();
  const { data: app, version: appVersion } = useAppPreferences();
  const userApiChanging = useStore(userApiChanges.state);
  const appChanging = useStore(appChanges.state);
  useEffect(() => {
    if (userApi && !isOlderThanShown(userApiChanging, userId, userApiVersion)) showStoredUserApiPreferences(userApi);
  }, [userApi, userApiVersion, userApiChanging, userId]);
  useEffect(() => {
    if (app && !isOlderThanShown(appChanging, userId, appVersion)) showStoredAppPreferences(app);
  }, [app, appVersion, appChanging, userId]);
}
