import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../../src/app/state/createStore';
import { createListeners } from '../../../src/app/state/listeners';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createStore', () => {
  it('gives the value set, and tells each listener the new value once per change', () => {
    const store = createStore(1, { name: 'test' });
    const heard: number[] = [];
    store.subscribe((value) => heard.push(value));
    store.set(2);
    store.update((n) => n * 10);
    expect(store.get()).toBe(20);
    expect(heard).toEqual([2, 20]);
  });

  it('tells nobody when the value does not change (Object.is by default, or the equality given)', () => {
    const same = { a: 1 };
    const byIdentity = createStore(same, { name: 'identity' });
    const byContent = createStore({ a: 1 }, { name: 'content', equals: (x, y) => x.a === y.a });
    const identityListener = vi.fn();
    const contentListener = vi.fn();
    byIdentity.subscribe(identityListener);
    byContent.subscribe(contentListener);
    byIdentity.set(same);
    byContent.set({ a: 1 });
    expect(identityListener).not.toHaveBeenCalled();
    expect(contentListener).not.toHaveBeenCalled();
    byIdentity.set({ a: 1 });
    byContent.set({ a: 2 });
    expect(identityListener).toHaveBeenCalledTimes(1);
    expect(contentListener).toHaveBeenCalledWith({ a: 2 });
  });

  it('stops calling a listener once it unsubscribes, even from inside a notification', () => {
    const store = createStore('a', { name: 'test' });
    const later = vi.fn();
    const unsubscribeFirst = store.subscribe(() => unsubscribeFirst());
    const first = vi.fn();
    const unsubscribeSecond = store.subscribe(first);
    store.subscribe(later);
    store.set('b');
    unsubscribeSecond();
    store.set('c');
    expect(first).toHaveBeenCalledTimes(1);
    expect(later).toHaveBeenCalledTimes(2);
  });

  it('starts its source before the first listener and stops it after the last one leaves', () => {
    const stop = vi.fn();
    const heard = vi.fn();
    const store = createStore(0, {
      name: 'observed',
      whileObserved: () => {
        store.set(5); // news to nobody: no listener yet
        return stop;
      },
    });
    const unsubscribeA = store.subscribe(heard);
    const unsubscribeB = store.subscribe(vi.fn());
    expect(store.get()).toBe(5);
    expect(heard).not.toHaveBeenCalled();
    unsubscribeA();
    unsubscribeA();
    expect(stop).not.toHaveBeenCalled();
    unsubscribeB();
    expect(stop).toHaveBeenCalledTimes(1);
    store.subscribe(heard);
    expect(stop).toHaveBeenCalledTimes(1);
  });
});

describe('createListeners', () => {
  it('calls every listener in order even when one throws, and logs the failure by name', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const events = createListeners<string>('refusal');
    const heard: string[] = [];
    events.subscribe((value) => heard.push(`first ${value}`));
    events.subscribe(() => {
      throw new Error('broken');
    });
    events.subscribe((value) => heard.push(`last ${value}`));
    events.emit('x');
    expect(heard).toEqual(['first x', 'last x']);
    expect(error).toHaveBeenCalledWith('A refusal listener failed', expect.any(Error));
    expect(events.size).toBe(3);
  });
});
