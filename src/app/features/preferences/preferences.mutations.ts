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
import type { ContractSchema } from '../../../shared/contract/route';
import { defineMutation, type MutationDefinition, type WriteRoute } from '../../sync/mutation';
import { appPreferencesResource, userApiPreferencesResource } from './resources';

/** A save whose args are the whole object the PUT sends, which the cached resource then holds. */
function wholeObjectSave<T>(
  name: string,
  args: ContractSchema,
  route: WriteRoute,
  resource: { readonly key: string },
): MutationDefinition<T, T> {
  return defineMutation<T, T>({
    name,
    args,
    route,
    resourceKey: () => resource.key,
    body: (preferences) => preferences,
    apply: (_current, preferences) => preferences,
  });
}

export const saveUserApiPreferencesMutation = wholeObjectSave<UserApiPreferences>(
  'preferences.saveUserApi', userApiPreferencesSchema, saveUserApiPreferencesRoute, userApiPreferencesResource,
);

export const saveAppPreferencesMutation = wholeObjectSave<AppPreferences>(
  'preferences.saveApp', appPreferencesSchema, saveAppPreferencesRoute, appPreferencesResource,
);
