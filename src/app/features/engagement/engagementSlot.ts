import { createStore } from '../../state/createStore';
import { useStore } from '../../state/useStore';

/**
 * The first-run prompts take turns (issue 34 §2): at most one shows at a time, in this order of
 * priority, and none while a dialog or the guided tour is open (`setModalOpen`). Each banner
 * says whether it wants to show (`setBannerWanted`), and shows only while it is the one granted
 * (`useGrantedBanner`). The feedback prompt waits until every banner has answered once and none
 * wants to show: the banners load after the first paint, and until they have answered, the prompt
 * cannot know whether one is about to appear.
 */
export const BANNER_PRIORITY = ['consent', 'tour', 'install'] as const;
export type EngagementBanner = (typeof BANNER_PRIORITY)[number];

interface SlotState {
  readonly wanted: ReadonlySet<EngagementBanner>;
  /** The banners that have said whether they want to show since the last reset. */
  readonly answered: ReadonlySet<EngagementBanner>;
  /** A dialog or the guided tour is open (useModalWatch.ts). */
  readonly isModalOpen: boolean;
}

const sameSet = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean => a.size === b.size && [...a].every((x) => b.has(x));
const empty = (): SlotState => ({ wanted: new Set(), answered: new Set(), isModalOpen: false });

const slot = createStore<SlotState>(empty(), {
  name: 'engagementSlot',
  equals: (a, b) => a.isModalOpen === b.isModalOpen && sameSet(a.wanted, b.wanted) && sameSet(a.answered, b.answered),
});

export function setBannerWanted(name: EngagementBanner, wants: boolean): void {
  slot.update((current) => {
    const wanted = new Set(current.wanted);
    if (wants) wanted.add(name);
    else wanted.delete(name);
    return { ...current, wanted, answered: new Set(current.answered).add(name) };
  });
}

export function setModalOpen(isModalOpen: boolean): void {
  slot.update((current) => ({ ...current, isModalOpen }));
}

/** The banner that may show now: the wanted one of highest priority, or null; none while a dialog or the tour is open. */
export function grantedBanner(current: SlotState = slot.get()): EngagementBanner | null {
  return current.isModalOpen ? null : (BANNER_PRIORITY.find((name) => current.wanted.has(name)) ?? null);
}

export function useGrantedBanner(): EngagementBanner | null {
  return grantedBanner(useStore(slot));
}

/**
 * True while any first-run banner wants to show, or has not yet said whether it does: the
 * feedback prompt waits for this to clear.
 */
export function useAnyBannerWanted(): boolean {
  const { wanted, answered } = useStore(slot);
  return wanted.size > 0 || BANNER_PRIORITY.some((name) => !answered.has(name));
}

/** True while a dialog or the tour is open: the feedback prompt does not appear meanwhile. */
export function useIsModalOpen(): boolean {
  return useStore(slot).isModalOpen;
}

/** Forgets every wish and answer (sign-out, and tests). */
export function resetEngagementSlot(): void {
  slot.set(empty());
}
