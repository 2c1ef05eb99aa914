import { cookies } from '../../../shared/constants';
import { readCookie } from '../../api/xsrf';

/** The app runs as an installed app: `display-mode: standalone` (or fullscreen), or iOS's `navigator.standalone`. */
export function isStandalone(target: Window = window): boolean {
  const nav = target.navigator as Navigator & { readonly standalone?: boolean };
  return (
    nav.standalone === true ||
    target.matchMedia('(display-mode: standalone)').matches ||
    target.matchMedia('(display-mode: fullscreen)').matches ||
    target.matchMedia('(display-mode: minimal-ui)').matches
  );
}

/**
 * The university's native app opens the web app with the `app-platform` cookie set (SPEC §3) to
 * its platform; a browser has none (or `web`).
 */
export function isNativeApp(): boolean {
  const platform = readCookie(cookies.appPlatform)?.trim().toLowerCase();
  return platform !== undefined && platform !== '' && platform !== 'web' && platform !== 'browser';
}

/** Which Add to Home Screen steps fit this browser, when it offers no install prompt of its own. */
export type InstallGuideKind = 'ios-safari' | 'ios-other' | 'mac-safari' | 'android' | 'other';

export function installGuideKind(userAgent: string, maxTouchPoints = 0): InstallGuideKind {
  // iPadOS reports itself as a Mac, with touch.
  const isIos = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const isSafari = /Safari\//.test(userAgent) && !/Chrome|Chromium|CriOS|FxiOS|EdgiOS|EdgA?\//.test(userAgent);
  if (isIos) return isSafari ? 'ios-safari' : 'ios-other';
  if (/Macintosh/.test(userAgent) && isSafari) return 'mac-safari';
  if (/Android/.test(userAgent)) return 'android';
  return 'other';
}
