import { z } from './zod';
import { text, textLimits } from './common';
import { defineRoute, raw } from './route';

const choice = text(textLimits.short);

/** SPEC §3 user preferences. Theme: Dark, Light, anything else automatic. Border: Square or not. */
export const userApiPreferencesSchema = z.object({
  theme: choice,
  border: choice,
  /** 'App Font' or empty means the default fonts. */
  font: choice,
});
export type UserApiPreferences = z.infer<typeof userApiPreferencesSchema>;

/** SPEC §3 preference options: the same three as lists of choices. */
export const preferenceOptionsSchema = z.object({
  theme: z.array(z.string()),
  border: z.array(z.string()),
  font: z.array(z.string()),
});
export type PreferenceOptions = z.infer<typeof preferenceOptionsSchema>;

/** SPEC §3 app preferences. */
export const appPreferencesSchema = z.object({
  isCategoryView: z._default(z.boolean(), true),
});
export type AppPreferences = z.infer<typeof appPreferencesSchema>;

export const preferenceOptionsRoute = defineRoute({
  id: 'preferences.options',
  method: 'GET',
  path: '/api/user/preferences/options',
  response: preferenceOptionsSchema,
  roles: [],
  cacheMinutes: 60,
});

/** Beyond §7: start-up loads the saved preferences, so other devices see the same choices. */
export const getUserApiPreferencesRoute = defineRoute({
  id: 'preferences.getUserApi',
  method: 'GET',
  path: '/api/user/preferences/userapi',
  response: userApiPreferencesSchema,
  roles: [],
});

export const saveUserApiPreferencesRoute = defineRoute({
  id: 'preferences.saveUserApi',
  method: 'PUT',
  path: '/api/user/preferences/userapi',
  body: userApiPreferencesSchema,
  response: raw.empty,
  roles: [],
  offline: 'queue',
});

/** Beyond §7: the saved app preferences. */
export const getAppPreferencesRoute = defineRoute({
  id: 'preferences.getApp',
  method: 'GET',
  path: '/api/user/preferences/app',
  response: appPreferencesSchema,
  roles: [],
});

export const saveAppPreferencesRoute = defineRoute({
  id: 'preferences.saveApp',
  method: 'PUT',
  path: '/api/user/preferences/app',
  body: appPreferencesSchema,
  response: raw.empty,
  roles: [],
  offline: 'queue',
});

export const preferencesRoutes = [
  preferenceOptionsRoute,
  getUserApiPreferencesRoute,
  saveUserApiPreferencesRoute,
  getAppPreferencesRoute,
  saveAppPreferencesRoute,
] as const;
