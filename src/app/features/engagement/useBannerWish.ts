import { useEffect } from 'react';
import { setBannerWanted, type EngagementBanner } from './engagementSlot';

/** Tells the engagement slot whether this banner wants to show, and withdraws the wish on unmount. */
export function useBannerWish(name: EngagementBanner, wants: boolean): void {
  useEffect(() => {
    setBannerWanted(name, wants);
    return () => setBannerWanted(name, false);
  }, [name, wants]);
}
