import { afterEach, describe, expect, it } from 'vitest';
import { grantedBanner, resetEngagementSlot, setBannerWanted, setModalOpen } from '../../../../src/app/features/engagement/engagementSlot';

afterEach(() => resetEngagementSlot());

describe('engagementSlot', () => {
  it('grants nothing while no banner wants to show', () => {
    expect(grantedBanner()).toBeNull();
  });

  it('grants one banner at a time: consent, then the tour prompt, then install', () => {
    setBannerWanted('install', true);
    setBannerWanted('tour', true);
    setBannerWanted('consent', true);
    expect(grantedBanner()).toBe('consent');
    setBannerWanted('consent', false);
    expect(grantedBanner()).toBe('tour');
    setBannerWanted('tour', false);
    expect(grantedBanner()).toBe('install');
    setBannerWanted('install', false);
    expect(grantedBanner()).toBeNull();
  });
});

describe('engagementSlot while a dialog or the tour is open', () => {
  it('grants nothing, and the wanted banner again once it has closed', () => {
    setBannerWanted('install', true);
    setModalOpen(true);
    expect(grantedBanner()).toBeNull();
    setModalOpen(false);
    expect(grantedBanner()).toBe('install');
  });
});
