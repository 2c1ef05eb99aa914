import { describe, expect, it } from 'vitest';
import { firstVisitKey } from '../../../../src/app/features/install/firstVisitKey';
import { isLaterVisit } from '../../../../src/app/features/install/installVisits';
import { keptOnSignOut } from '../../../../src/app/features/session/signOut';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

const ids = () => {
  let next = 0;
  return () => `visit-${(next += 1)}`;
};

describe('the install banner waits for a later visit', () => {
  it('is not a later visit the first time, nor on a reload of it; a new tab session is', () => {
    const device = memoryStorage();
    const newId = ids();
    const firstTab = memoryStorage();
    expect(isLaterVisit(device, firstTab, newId)).toBe(false);
    expect(device.getItem(firstVisitKey)).toBe('visit-1');
    // A reload, or the banners mounting again: the same tab session, the same visit.
    expect(isLaterVisit(device, firstTab, newId)).toBe(false);
    expect(isLaterVisit(device, memoryStorage(), newId)).toBe(true);
  });

  it('counts the device, not the user: the first visit survives sign-out', () => {
    expect(keptOnSignOut.localStorageKeys).toContain(firstVisitKey);
  });

  it('with storage blocked, cannot tell, and offers the banner as before', () => {
    const blocked: Pick<Storage, 'getItem' | 'setItem'> = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(isLaterVisit(memoryStorage(), blocked)).toBe(true);
    expect(isLaterVisit(blocked, memoryStorage())).toBe(true);
  });
});
