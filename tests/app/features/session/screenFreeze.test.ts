import { afterEach, describe, expect, it } from 'vitest';
import { freezeScreen, frozenScreenStore, registerFreezableScreen } from '../../../../src/app/features/session/screenFreeze';

function fakeScreen(text: string): Element {
  return { cloneNode: (deep?: boolean) => ({ copyOf: text, deep }) } as unknown as Element;
}

describe('screenFreeze', () => {
  afterEach(() => frozenScreenStore.set(null));

  it('shows a deep copy of the registered screen', () => {
    const unregister = registerFreezableScreen(() => fakeScreen('home'));
    freezeScreen();
    expect(frozenScreenStore.get()).toEqual({ copyOf: 'home', deep: true });
    unregister();
  });

  it('does nothing when no signed-in layout is mounted', () => {
    const unregister = registerFreezableScreen(() => fakeScreen('home'));
    unregister();
    freezeScreen();
    expect(frozenScreenStore.get()).toBeNull();
  });

  it('keeps the newer registration when an older one unregisters late', () => {
    const unregisterOld = registerFreezableScreen(() => fakeScreen('old'));
    const unregisterNew = registerFreezableScreen(() => fakeScreen('new'));
    unregisterOld();
    freezeScreen();
    expect(frozenScreenStore.get()).toEqual({ copyOf: 'new', deep: true });
    unregisterNew();
  });
});
