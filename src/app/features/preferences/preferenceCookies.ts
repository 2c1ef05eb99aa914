import { z } from 'zod/mini';
import { cookies } from '../../../shared/constants';
import {
  appPreferencesSchema,
  userApiPreferencesSchema,
  type AppPreferences,
  type UserApiPreferences,
} from '../../../shared/contract/preferences';
import { readCookie } from '../../api/xsrf';

const oneYearSeconds = 365 * 24 * 60 * 60;

function readJsonCookie<T>(name: string, schema: z.core.$ZodType<T>): T | undefined {
  const text = readCookie(name);
  if (!text) return undefined;
  try {
    const parsed = z.safeParse(schema, JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The SPEC §3 preference cookies, as this device last saved them. */
export function readPreferenceCookies(): { userApi?: UserApiPreferences; app?: AppPreferences } {
  const userApi = readJsonCookie(cookies.userApiPreferences, userApiPreferencesSchema);
  const app = readJsonCookie(cookies.userAppPreferences, appPreferencesSchema);
  return { ...(userApi ? { userApi } : {}), ...(app ? { app } : {}) };
}

/** `name=<JSON>; Path=/; Max-Age=1y; SameSite=Lax`, plus `Secure` on https. */
export function preferenceCookie(name: string, value: unknown, isHttps: boolean): string {
  const attributes = [`Path=/`, `Max-Age=${oneYearSeconds}`, 'SameSite=Lax', ...(isHttps ? ['Secure'] : [])];
  return [`${name}=${encodeURIComponent(JSON.stringify(value))}`, ...attributes].join('; ');
}

function writeCookie(name: string, value: unknown): void {
  if (typeof document === 'undefined') return;
  document.cookie = preferenceCookie(name, value, globalThis.location?.protocol === 'https:');
}

export function saveUserApiPreferencesCookie(preferences: UserApiPreferences): void {
  writeCookie(cookies.userApiPreferences, preferences);
}

export function saveAppPreferencesCookie(preferences: AppPreferences): void {
  writeCookie(cookies.userAppPreferences, preferences);
}
