import { cookies } from '../../../shared/constants';
import type { AppPreferences, UserApiPreferences } from '../../../shared/contract/preferences';
import { readCookie } from '../../api/cookies';

const oneYearSeconds = 365 * 24 * 60 * 60;

/*
 * The cookies are read before first paint, in the entry chunk, so they are checked by hand rather
 * than with the contract's zod schemas (which would put zod on the landing page's budget).
 * tests/app/features/preferences/preferenceCookieShapes.test.ts holds both to the same answers:
 * `userApiPreferencesSchema` (three short, storable strings) and `appPreferencesSchema`
 * (`isCategoryView`, a boolean, true when absent). Unknown keys are dropped, as zod does.
 */
const choiceMaxLength = 100; // contract/common.ts textLimits.short
const unstorableCharacter = /[\u0000\p{Cs}]/u; // contract/common.ts isStorableText

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isChoice = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= choiceMaxLength && !unstorableCharacter.test(value);

export function toUserApiPreferences(value: unknown): UserApiPreferences | undefined {
  if (!isRecord(value)) return undefined;
  const { theme, border, font } = value;
  return isChoice(theme) && isChoice(border) && isChoice(font) ? { theme, border, font } : undefined;
}

export function toAppPreferences(value: unknown): AppPreferences | undefined {
  if (!isRecord(value)) return undefined;
  const { isCategoryView = true } = value;
  return typeof isCategoryView === 'boolean' ? { isCategoryView } : undefined;
}

function readJsonCookie<T>(name: string, read: (value: unknown) => T | undefined): T | undefined {
  const text = readCookie(name);
  if (!text) return undefined;
  try {
    return read(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** The SPEC §3 preference cookies, as this device last saved them. */
export function readPreferenceCookies(): { userApi?: UserApiPreferences; app?: AppPreferences } {
  const userApi = readJsonCookie(cookies.userApiPreferences, toUserApiPreferences);
  const app = readJsonCookie(cookies.userAppPreferences, toAppPreferences);
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
