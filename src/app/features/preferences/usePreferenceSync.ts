import { useEffect } from 'react';
import { useAppPreferences, useUserApiPreferences } from './queries';
import { showStoredAppPreferences, showStoredUserApiPreferences } from './showStoredPreferences';

/**
 * Keeps <html> and the preference cookies in line with the stored preferences: the server's
 * (e.g. chosen on another device) once loaded, or this device's optimistic change.
 */
export function usePreferenceSync(): void {
  const { data: userApi } = useUserApiPreferences();
  const { data: app } = useAppPreferences();
  useEffect(() => {
    if (userApi) showStoredUserApiPreferences(userApi);
  }, [userApi]);
  useEffect(() => {
    if (app) showStoredAppPreferences(app);
  }, [app]);
}
