import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropBrowserPushSubscription } from '../../../../src/app/features/pushSubscription/pushSupport';

/** A browser with push support whose worker holds `subscription` (or none). */
function stubBrowser(subscription: { unsubscribe: () => Promise<boolean> } | null, hasWorker = true) {
  vi.stubGlobal('window', { PushManager: class {}, Notification: class {} });
  vi.stubGlobal('navigator', {
    serviceWorker: {
      getRegistration: async () => (hasWorker ? { pushManager: { getSubscription: async () => subscription } } : undefined),
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dropBrowserPushSubscription (sign-out clean-up)', () => {
  it("ends the browser's push subscription", async () => {
    const unsubscribe = vi.fn(async () => true);
    stubBrowser({ unsubscribe });
    await dropBrowserPushSubscription();
    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it('does nothing when the device has no subscription or no worker', async () => {
    stubBrowser(null);
    await expect(dropBrowserPushSubscription()).resolves.toBeUndefined();
    stubBrowser(null, false);
    await expect(dropBrowserPushSubscription()).resolves.toBeUndefined();
  });

  it('does nothing where push is unsupported', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('navigator', {});
    await expect(dropBrowserPushSubscription()).resolves.toBeUndefined();
  });
});
