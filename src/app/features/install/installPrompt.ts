import { createStore } from '../../state/createStore';

/** Chromium's install prompt event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ readonly outcome: 'accepted' | 'dismissed' }>;
}

/** The deferred install prompt, once Chromium has offered one; null before, and after it is used. */
export const installPromptStore = createStore<BeforeInstallPromptEvent | null>(null, { name: 'installPrompt' });

/** Set once the app has been installed from this page. */
export const isInstalledStore = createStore<boolean>(false, { name: 'isInstalled' });

/**
 * Catches `beforeinstallprompt` from page start (main.tsx calls this), since Chromium fires it once,
 * often before the signed-in area has loaded. The browser's own mini-infobar is held back: the
 * install banner offers it instead.
 */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installPromptStore.set(event as BeforeInstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => {
    installPromptStore.set(null);
    isInstalledStore.set(true);
  });
}
