import type { AppPreferences, PreferenceOptions, UserApiPreferences } from '../../../shared/contract/preferences';
import { useResource, type ResourceState } from '../../sync/useResource';
import { appPreferencesResource, preferenceOptionsResource, userApiPreferencesResource } from './resources';

/** Offered until the server's list has been loaded once (e.g. first start offline). */
export const fallbackPreferenceOptions: PreferenceOptions = {
  theme: ['Auto', 'Light', 'Dark'],
  border: ['Rounded', 'Square'],
  font: ['App Font', 'System', 'Open Dyslexic'],
};

export function usePreferenceOptions(): ResourceState<PreferenceOptions> & { readonly options: PreferenceOptions } {
  const state = useResource(preferenceOptionsResource);
  return { ...state, options: state.data ?? fallbackPreferenceOptions };
}

export function useUserApiPreferences(): ResourceState<UserApiPreferences> {
  return useResource(userApiPreferencesResource);
}

export function useAppPreferences(): ResourceState<AppPreferences> {
  return useResource(appPreferencesResource);
}
