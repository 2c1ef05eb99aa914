import { describe, expect, it } from 'vitest';
import {
  markAllBatches,
  markAsReadBatchSize,
  newestFirst,
  pendingRowIds,
  unreadCount,
  withRead,
} from '../../../../src/app/features/notifications/notificationList';
import { makeNotification } from './fixtures';

describe('newestFirst', () => {
  it('orders by the time sent, newest first, and the later rowId first on a tie', () => {
    const old = makeNotification({ rowId: 10, minutesAgo: 3000 });
    const recent = makeNotification({ rowId: 11, minutesAgo: 5 });
    const tieLow = makeNotification({ rowId: 20, minutesAgo: 60 });
    const tieHigh = makeNotification({ rowId: 21, minutesAgo: 60 });
    expect(newestFirst([old, tieLow, recent, tieHigh]).map((n) => n.rowId)).toEqual([11, 21, 20, 10]);
  });

  it('leaves its input alone', () => {
    const list = [makeNotification({ minutesAgo: 90 }), makeNotification({ minutesAgo: 1 })];
    const copy = [...list];
    newestFirst(list);
    expect(list).toEqual(copy);
  });
});

describe('unreadCount', () => {
  it('counts the unread ones; nothing cached is 0', () => {
    expect(unreadCount([makeNotification(), makeNotification({ isRead: true }), makeNotification()])).toBe(2);
    expect(unreadCount([])).toBe(0);
    expect(unreadCount(undefined)).toBe(0);
  });
});

describe('markAllBatches (SPEC §7: all current rowIds)', () => {
  it('sends every rowId, read ones too, in list order', () => {
    const list = [makeNotification({ rowId: 3 }), makeNotification({ rowId: 1, isRead: true }), makeNotification({ rowId: 2 })];
    expect(markAllBatches(list)).toEqual([[3, 1, 2]]);
  });

  it('splits a list longer than the contract accepts in one call', () => {
    const list = Array.from({ length: markAsReadBatchSize + 5 }, (_, index) => makeNotification({ rowId: index + 1 }));
    const batches = markAllBatches(list);
    expect(batches.map((batch) => batch.length)).toEqual([markAsReadBatchSize, 5]);
    expect(batches.flat()).toEqual(list.map((n) => n.rowId));
  });

  it('has nothing to send for an empty list', () => {
    expect(markAllBatches([])).toEqual([]);
  });
});

describe('withRead (the optimistic change)', () => {
  it('marks the given rowIds read and keeps the others as they were', () => {
    const a = makeNotification({ rowId: 1 });
    const b = makeNotification({ rowId: 2 });
    const next = withRead([a, b], [2]);
    expect(next.map((n) => n.isRead)).toEqual([false, true]);
    expect(next[0]).toBe(a);
    expect(b.isRead).toBe(false);
  });

  it('is the same when applied twice (a replay), and copes with nothing cached', () => {
    const list = [makeNotification({ rowId: 1 }), makeNotification({ rowId: 2 })];
    expect(withRead(withRead(list, [1]), [1])).toEqual(withRead(list, [1]));
    expect(withRead(undefined, [1])).toEqual([]);
  });
});

describe('pendingRowIds', () => {
  it('collects the rowIds of every queued mark-as-read mutation, and nothing else', () => {
    const mutations = [
      { name: 'notifications.markAsRead', args: { rowIds: [4] } },
      { name: 'notifications.markAsRead', args: { rowIds: [1, 2, 3] } },
      { name: 'favourites.removeResource', args: { rowId: 9 } },
    ];
    expect([...pendingRowIds(mutations)].sort()).toEqual([1, 2, 3, 4]);
  });
});
