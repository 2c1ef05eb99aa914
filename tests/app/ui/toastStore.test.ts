import { describe, expect, it, vi } from 'vitest';
import { createToastStore, isUrgent, maxToasts } from '../../../src/app/ui/toast/toastStore';

describe('toast store', () => {
  it('adds toasts with the 3000 ms default, or the given timeout, and tells subscribers', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.add('positive', 'Notifications enabled on this device');
    store.add('negative', 'This absence cannot be created. Because.', { timeout: 10_000 });
    expect(store.getSnapshot()).toMatchObject([
      { kind: 'positive', text: 'Notifications enabled on this device', timeout: 3000 },
      { kind: 'negative', timeout: 10_000 },
    ]);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('dismisses by id, and does not repeat the same message while it shows', () => {
    const store = createToastStore();
    const first = store.add('negative', 'Code 500: Internal Server Error');
    expect(store.add('negative', 'Code 500: Internal Server Error')).toBe(first);
    expect(store.getSnapshot()).toHaveLength(1);
    store.dismiss(first);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('keeps an action such as Undo, and each action toast is its own', () => {
    const store = createToastStore();
    const onAction = vi.fn();
    store.add('positive', 'Removed from favourites', { action: { label: 'Undo', onAction } });
    store.add('positive', 'Removed from favourites', { action: { label: 'Undo', onAction } });
    expect(store.getSnapshot()).toHaveLength(2);
    store.getSnapshot()[0]?.action?.onAction();
    expect(onAction).toHaveBeenCalledOnce();
  });

  it('shows at most a few at once, dropping the oldest, and treats 0 as "until dismissed"', () => {
    const store = createToastStore();
    for (let index = 0; index < maxToasts + 2; index += 1) store.add('info', `message ${index}`, { timeout: 0 });
    expect(store.getSnapshot().map((toast) => toast.text)[0]).toBe('message 2');
    expect(store.getSnapshot().every((toast) => toast.timeout === 0)).toBe(true);
  });

  it('announces negative and warning toasts as alerts, the rest politely', () => {
    expect([isUrgent('negative'), isUrgent('warning'), isUrgent('positive'), isUrgent('info')]).toEqual([true, true, false, false]);
  });
});
