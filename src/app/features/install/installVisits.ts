import { firstVisitKey } from './firstVisitKey';

/**
 * Issue 34 §2: the install banner waits for a later visit, never the first. A visit is one
 * browser-tab session of the signed-in app: it lasts through reloads (session storage) and ends
 * when the tab closes or someone signs out (sign-out clears session storage). The first visit's id
 * stays in local storage (`firstVisitKey`), kept at sign-out: it describes the device, not the user.
 */

/** Session storage key of this visit's id. */
export const visitKey = 'cc.visit';

type VisitStorage = Pick<Storage, 'getItem' | 'setItem'>;

const newVisitId = (): string => Math.random().toString(36).slice(2, 12);

/**
 * True when an earlier visit to the app is on record on this device; on the first one, records it
 * and answers false. Storage blocked: true, as before visits were counted (nothing can be told).
 */
export function isLaterVisit(local: VisitStorage = localStorage, session: VisitStorage = sessionStorage, newId = newVisitId): boolean {
  try {
    let visit = session.getItem(visitKey);
    if (visit === null) {
      visit = newId();
      session.setItem(visitKey, visit);
    }
    const first = local.getItem(firstVisitKey);
    if (first === null) {
      local.setItem(firstVisitKey, visit);
      return false;
    }
    return first !== visit;
  } catch {
    return true;
  }
}
