/**
 * The preference saves, as named mutations (see sync/mutation.ts). The args are the whole object
 * the PUT sends (SPEC §7), so a rebase shows what the server will hold once it is delivered.
 */
import {
  appPreferencesSchema,
  saveAppPreferencesRoute,
  saveUserApiPreferencesRoute,
  userApiPreferencesSchema,
  type AppPreferences,
  type UserApiPreferences,
} from '../../../shared/contract/preferences';
import { defineMutation } from '../../sync/mutation';
import { appPreferencesResource, userApiPreferencesResource } from './resources';

const isObject = (body: unknown): body is Record<string, unknown> => typeof body === 'object' && body !== null;

export const saveUserApiPreferencesMutation = defineMutation<UserApiPreferences, UserApiPreferences>({
  name: 'preferences.saveUserApi',
  args: userApiPreferencesSchema,
  route: saveUserApiPreferencesRoute,
  resourceKey: () => userApiPreferencesResource.key,
  body: (preferences) => preferences,
  apply: (_current, preferences) => preferences,
  fromRequest: ({ body }) => (isObject(body) ? (body as UserApiPreferences) : undefined),
});

export const saveAppPreferencesMutation = defineMutation<AppPreferences, AppPreferences>({
  name: 'preferences.saveApp',
  args: appPreferencesSchema,
  route: saveAppPreferencesRoute,
  resourceKey: () => appPreferencesResource.key,
  body: (preferences) => preferences,
  apply: (_current, preferences) => preferences,
  fromRequest: ({ body }) => (isObject(body) ? (body as AppPreferences) : undefined),
});
