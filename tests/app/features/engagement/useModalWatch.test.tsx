import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { grantedBanner, resetEngagementSlot, setBannerWanted } from '../../../../src/app/features/engagement/engagementSlot';
import { useModalWatch } from '../../../../src/app/features/engagement/useModalWatch';

/** Lets the MutationObserver's callback (a microtask) run. */
const settle = () => act(() => Promise.resolve());

afterEach(() => {
  resetEngagementSlot();
  document.body.replaceChildren();
});

describe('useModalWatch', () => {
  it.each(['dialog', 'alertdialog'])('holds the first-run banners back while a %s is on the page', async (role) => {
    setBannerWanted('install', true);
    renderHook(() => useModalWatch());
    expect(grantedBanner()).toBe('install');

    const dialog = document.createElement('div');
    dialog.setAttribute('role', role);
    document.body.append(dialog);
    await settle();
    expect(grantedBanner()).toBeNull();

    dialog.remove();
    await settle();
    expect(grantedBanner()).toBe('install');
  });

  it('sees a dialog already open when it starts, and lets go when it stops', () => {
    setBannerWanted('consent', true);
    document.body.innerHTML = '<div role="dialog" aria-label="Sign out of all devices?"></div>';
    const { unmount } = renderHook(() => useModalWatch());
    expect(grantedBanner()).toBeNull();
    unmount();
    expect(grantedBanner()).toBe('consent');
  });
});
