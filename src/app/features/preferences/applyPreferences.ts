import { fonts, preferenceValues } from '../../../shared/constants';
import type { AppPreferences, UserApiPreferences } from '../../../shared/contract/preferences';
import { createStore } from '../../state/createStore';
import { loadChosenFont } from './chosenFont';
import { readPreferenceCookies } from './preferenceCookies';

/**
 * SPEC §3/§4 appearance preferences as attributes of <html>, which theme.css styles:
 * data-theme 'dark' | 'light' (absent: follow the system), data-border 'square' (absent: rounded),
 * data-font a slug of the font name (absent: the default fonts).
 */
export interface AttributeTarget {
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

const same = (a: string, b: string): boolean => a.trim().toLowerCase() === b.toLowerCase();

export function themeAttribute(theme: string): 'dark' | 'light' | undefined {
  if (same(theme, preferenceValues.darkTheme)) return 'dark';
  if (same(theme, preferenceValues.lightTheme)) return 'light';
  return undefined; // 'Auto' or anything else: automatic
}

export function borderAttribute(border: string): 'square' | undefined {
  return same(border, preferenceValues.squareBorder) ? 'square' : undefined;
}

/** 'App Font' or empty: the default fonts; otherwise e.g. 'System' -> 'system', 'Open Dyslexic' -> 'open-dyslexic'. */
export function fontAttribute(font: string): string | undefined {
  if (font.trim() === '' || same(font, fonts.appFontValue)) return undefined;
  return font.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || undefined;
}

function setOrRemove(target: AttributeTarget, name: string, value: string | undefined): void {
  if (value === undefined) target.removeAttribute(name);
  else target.setAttribute(name, value);
}

/** The preferences on screen now: the settings controls show these, so a change shows at once. */
export interface AppliedPreferences {
  readonly userApi: UserApiPreferences;
  readonly app: AppPreferences;
}

const applied = createStore<AppliedPreferences>(
  { userApi: { theme: '', border: '', font: '' }, app: { isCategoryView: true } },
  { name: 'applied preferences', equals: (a, b) => JSON.stringify(a) === JSON.stringify(b) },
);

export function appliedPreferences(): AppliedPreferences {
  return applied.get();
}

export function appliedUserApiPreferences(): UserApiPreferences {
  return applied.get().userApi;
}

/** For `useSyncExternalStore`; returns the unsubscribe function. */
export function subscribeAppliedPreferences(listener: () => void): () => void {
  return applied.subscribe(listener);
}

/** App preferences change no attribute; they are recorded for the controls that show them. */
export function applyAppPreferences(preferences: AppPreferences): void {
  applied.update((current) => ({ ...current, app: { isCategoryView: preferences.isCategoryView } }));
}

function documentRoot(): AttributeTarget | undefined {
  return typeof document === 'undefined' ? undefined : document.documentElement;
}

/** Applies theme, border and font at once. */
export function applyUserApiPreferences(preferences: UserApiPreferences, target = documentRoot()): void {
  applied.update((current) => ({ ...current, userApi: { theme: preferences.theme, border: preferences.border, font: preferences.font } }));
  if (!target) return;
  setOrRemove(target, 'data-theme', themeAttribute(preferences.theme));
  setOrRemove(target, 'data-border', borderAttribute(preferences.border));
  const font = fontAttribute(preferences.font);
  setOrRemove(target, 'data-font', font);
  loadChosenFont(font);
}

/** Start-up, before any database opens: what this device chose last, from its cookie. */
export function applyPreferencesFromCookies(target = documentRoot()): void {
  const { userApi, app } = readPreferenceCookies();
  if (userApi) applyUserApiPreferences(userApi, target);
  if (app) applyAppPreferences(app);
}
