import { createStore } from '../../state/createStore';
import { useStore } from '../../state/useStore';

/**
 * The first-run banners take turns: at most one shows at a time, in this order of priority. Each
 * banner says whether it wants to show (`setBannerWanted`), and shows only while it is the one
 * granted (`useGrantedBanner`). The feedback prompt waits until no banner wants to show.
 */
export const BANNER_PRIORITY = ['consent', 'tour', 'install'] as const;
export type EngagementBanner = (typeof BANNER_PRIORITY)[number];

type Wanted = ReadonlySet<EngagementBanner>;

const wanted = createStore<Wanted>(new Set(), {
  name: 'engagementSlot',
  equals: (a, b) => a.size === b.size && [...a].every((name) => b.has(name)),
});

export function setBannerWanted(name: EngagementBanner, wants: boolean): void {
  wanted.update((current) => {
    const next = new Set(current);
    if (wants) next.add(name);
    else next.delete(name);
    return next;
  });
}

/** The banner that may show now: the wanted one of highest priority, or null. */
export function grantedBanner(current: Wanted = wanted.get()): EngagementBanner | null {
  return BANNER_PRIORITY.find((name) => current.has(name)) ?? null;
}

export function useGrantedBanner(): EngagementBanner | null {
  return grantedBanner(useStore(wanted));
}

/** True while any first-run banner wants to show: the feedback prompt waits for this to clear. */
export function useAnyBannerWanted(): boolean {
  return useStore(wanted).size > 0;
}

/** Clears every wish (sign-out, and tests). */
export function resetEngagementSlot(): void {
  wanted.set(new Set());
}
