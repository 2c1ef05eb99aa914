import { describe, expect, it } from 'vitest';
import { withItem, withoutItem } from '../../../../src/app/features/favourites/favouriteLists';
import { favouriteNotice, pendingText } from '../../../../src/app/features/favourites/notices';
import { pendingChanges } from '../../../../src/app/features/favourites/pendingChanges';

const id = (item: { rowId: number }) => item.rowId;

describe('optimistic favourite lists', () => {
  it('add once, however often the add is applied', () => {
    const once = withItem([{ rowId: 1 }], { rowId: 2 }, id);
    expect(withItem(once, { rowId: 2 }, id)).toEqual([{ rowId: 1 }, { rowId: 2 }]);
    expect(withItem(undefined, { rowId: 2 }, id)).toEqual([{ rowId: 2 }]);
  });

  it('remove, and removing a missing one changes nothing', () => {
    expect(withoutItem([{ rowId: 1 }, { rowId: 2 }], 1, id)).toEqual([{ rowId: 2 }]);
    expect(withoutItem([{ rowId: 2 }], 1, id)).toEqual([{ rowId: 2 }]);
    expect(withoutItem(undefined, 1, id)).toEqual([]);
  });
});

describe('pending favourites from the outbox', () => {
  it('take the latest queued change per item', () => {
    const changes = pendingChanges([
      { name: 'favourites.addResource', args: { favourite: { rowId: 4 } } },
      { name: 'favourites.addResource', args: { favourite: { rowId: 5 } } },
      { name: 'favourites.removeResource', args: { rowId: 5 } },
      { name: 'favourites.removeResource', args: { rowId: 1 } },
      { name: 'favourites.addTrending', args: { favourite: { wpPostRowId: 9 } } },
    ]);
    expect(Object.fromEntries(changes)).toEqual({ 4: 'add', 5: 'remove', 1: 'remove', 9: 'add' });
  });

  it('ignore mutations that are not favourite changes', () => {
    expect(pendingChanges([{ name: 'notifications.markAsRead', args: { rowIds: [1] } }, { name: 'legacy.request', args: {} }]).size).toBe(0);
  });
});

describe('notices', () => {
  it('say what happened to which item (SPEC §8, issue 34), and mark what still waits', () => {
    expect(favouriteNotice('added', 'Library search')).toBe("Added 'Library search' to favourites");
    expect(favouriteNotice('removed', 'Library search')).toBe("Removed 'Library search' from favourites");
    expect(pendingText('add')).toBe('Waiting to sync');
    expect(pendingText('remove')).toBe('Removal waiting to sync');
  });
});
