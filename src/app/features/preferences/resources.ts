import {
  getAppPreferencesRoute,
  getUserApiPreferencesRoute,
  preferenceOptionsRoute,
} from '../../../shared/contract/preferences';
import { defineResource } from '../../sync/registry';

/** Theme, border and font choices (SPEC §7, cached 60 min). */
export const preferenceOptionsResource = defineResource({
  key: 'preferenceOptions',
  route: preferenceOptionsRoute,
  loadOnStartup: true,
});

/** The saved theme, border and font, shared by the user's devices. */
export const userApiPreferencesResource = defineResource({
  key: 'userApiPreferences',
  route: getUserApiPreferencesRoute,
  loadOnStartup: true,
});

/** The saved app preferences (isCategoryView). */
export const appPreferencesResource = defineResource({
  key: 'appPreferences',
  route: getAppPreferencesRoute,
  loadOnStartup: true,
});
