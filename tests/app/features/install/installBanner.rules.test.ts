import { describe, expect, it } from 'vitest';
import { installDismissedKey, isInstallDismissed, rememberInstallDismissal } from '../../../../src/app/features/install/installDismissal';
import { installGuideKind } from '../../../../src/app/features/install/installEnvironment';
import { keptOnSignOut } from '../../../../src/app/features/session/signOut';

const day = 24 * 60 * 60 * 1000;

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('the install banner dismissal', () => {
  it('keeps the banner away for 30 days, and no longer', () => {
    const storage = memoryStorage();
    const dismissedAt = Date.UTC(2026, 0, 1);
    expect(isInstallDismissed(dismissedAt, storage)).toBe(false);
    rememberInstallDismissal(dismissedAt, storage);
    expect(isInstallDismissed(dismissedAt + 30 * day - 1, storage)).toBe(true);
    expect(isInstallDismissed(dismissedAt + 30 * day, storage)).toBe(false);
  });

  it('ignores a garbled or future date, and survives sign-out', () => {
    const storage = memoryStorage();
    storage.setItem(installDismissedKey, 'soon');
    expect(isInstallDismissed(Date.now(), storage)).toBe(false);
    storage.setItem(installDismissedKey, String(Date.now() + day));
    expect(isInstallDismissed(Date.now(), storage)).toBe(false);
    expect(keptOnSignOut.localStorageKeys).toContain(installDismissedKey);
  });
});

describe('which Add to Home Screen steps a browser gets', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 0, 'ios-safari'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0 Mobile/15E148 Safari/604.1', 0, 'ios-other'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', 5, 'ios-safari'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', 0, 'mac-safari'],
    ['Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0', 0, 'android'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 0, 'other'],
  ] as const)('%s (%i touch points) → %s', (userAgent, touchPoints, kind) => {
    expect(installGuideKind(userAgent, touchPoints)).toBe(kind);
  });
});
