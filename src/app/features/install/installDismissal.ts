/** A dismissed install banner stays away this long. */
export const installDismissalDays = 30;

/** Local storage key of the dismissal time; kept at sign-out (it says nothing about the user). */
export const installDismissedKey = 'cc.installBannerDismissedAt';

const dayMs = 24 * 60 * 60 * 1000;

/** True while a dismissal less than 30 days old is on record. */
export function isInstallDismissed(now: number, storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  let stored: string | null = null;
  try {
    stored = storage.getItem(installDismissedKey);
  } catch {
    return false;
  }
  const at = Number(stored);
  return stored !== null && Number.isFinite(at) && at <= now && now - at < installDismissalDays * dayMs;
}

export function rememberInstallDismissal(now: number, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(installDismissedKey, String(now));
  } catch {
    // Storage blocked: the banner simply comes back next time.
  }
}
