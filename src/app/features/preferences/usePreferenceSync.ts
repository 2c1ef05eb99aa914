import { useEffect } from 'react';
import { applyAppPreferences, applyUserApiPreferences } from './applyPreferences';
import { saveAppPreferencesCookie, saveUserApiPreferencesCookie } from './preferenceCookies';
import { useAppPreferences, useUserApiPreferences } from './queries';

/**
 * Keeps <html> and the preference cookies in line with the stored preferences: the server's
 * (e.g. chosen on another device) once loaded, or this device's optimistic change.
 */
export function usePreferenceSync(): void {
  const { data: userApi } = useUserApiPreferences();
  const { data: app } = useAppPreferences();
  useEffect(() => {
    if (!userApi) return;
    applyUserApiPreferences(userApi);
    saveUserApiPreferencesCookie(userApi);
  }, [userApi]);
  useEffect(() => {
    if (!app) return;
    applyAppPreferences(app);
    saveAppPreferencesCookie(app);
  }, [app]);
}
