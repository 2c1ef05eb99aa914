import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearClientState,
  cookieNames,
  handleSignOutRequests,
  requestSignOut,
  signOutUrl,
  type ClientState,
} from '../../../../src/app/features/session/signOut';
import { registerSignOutCleanup } from '../../../../src/app/state/signOutCleanup';

/** A cookie jar keyed by name and path, the way `document.cookie` behaves for script-visible cookies. */
class FakeDocument {
  readonly jar = new Map<string, { value: string; path: string }>();
  constructor(readonly location: { pathname: string }) {}

  set(name: string, value: string, path = '/'): this {
    this.jar.set(`${name}|${path}`, { value, path });
    return this;
  }

  get cookie(): string {
    return [...this.jar].map(([key, { value }]) => `${key.split('|')[0]}=${value}`).join('; ');
  }

  set cookie(assignment: string) {
    const [pair = '', ...attributes] = assignment.split(';').map((part) => part.trim());
    const [name = '', value = ''] = pair.split('=');
    const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
    const isExpired = attributes.some((a) => a.toLowerCase() === 'max-age=0');
    if (isExpired) this.jar.delete(`${name}|${path}`);
    else this.jar.set(`${name}|${path}`, { value, path });
  }
}

class FakeStorage {
  readonly items = new Map<string, string>();
  constructor(entries: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(entries)) this.items.set(key, value);
  }
  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}

function fakeClientState(pathname = '/home') {
  const document = new FakeDocument({ pathname });
  const sessionStorage = new FakeStorage({ reloadForUpdate: '1' });
  const localStorage = new FakeStorage({ welcomeWeek: '{"url":"https://example.ac.uk"}', theme: 'Dark' });
  const state: ClientState = { document, sessionStorage, localStorage };
  return { state, document, sessionStorage, localStorage };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signOutUrl', () => {
  it('goes to the sign-out endpoint, with entra=true for the identity provider', () => {
    expect(signOutUrl(false)).toBe('/api/user/signout');
    expect(signOutUrl(true)).toBe('/api/user/signout?entra=true');
  });
});

describe('cookieNames', () => {
  it('lists each visible cookie once', () => {
    expect(cookieNames('a=1; b=2;  a=3; c=')).toEqual(['a', 'b', 'c']);
    expect(cookieNames('')).toEqual([]);
  });
});

describe('clearClientState', () => {
  it('keeps AnalyticsConsent and app-platform and clears the other cookies', () => {
    const { state, document } = fakeClientState();
    document
      .set('AnalyticsConsent', 'granted')
      .set('app-platform', 'ios')
      .set('UserApiPreferences', '%7B%7D')
      .set('ShowTourPrompt', 'true')
      .set('XSRF-TOKEN', 'abc');
    clearClientState(state);
    expect(document.cookie).toBe('AnalyticsConsent=granted; app-platform=ios');
  });

  it('clears cookies set for a deeper path than /', () => {
    const { state, document } = fakeClientState('/user/settings/appearance');
    document.set('UserAppPreferences', '%7B%7D', '/user/settings');
    clearClientState(state);
    expect(document.cookie).toBe('');
  });

  it('clears session storage and local storage', () => {
    const { state, sessionStorage, localStorage } = fakeClientState();
    clearClientState(state);
    expect(sessionStorage.items.size).toBe(0);
    expect(localStorage.items.size).toBe(0);
  });

  it('keeps the local storage keys it is told to keep', () => {
    const { state, localStorage } = fakeClientState();
    clearClientState(state, { cookies: [], localStorageKeys: ['theme'] });
    expect([...localStorage.items.keys()]).toEqual(['theme']);
  });

  it('clears the rest when one store throws', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { state, document, localStorage } = fakeClientState();
    document.set('ShowTourPrompt', 'true');
    const blocked = {
      ...state,
      sessionStorage: {
        clear: () => {
          throw new DOMException('blocked', 'SecurityError');
        },
      },
    };
    clearClientState(blocked);
    expect(localStorage.items.size).toBe(0);
    expect(document.cookie).toBe('');
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});

describe('requestSignOut', () => {
  it('hands the request to the session controller when there is one', () => {
    const handler = vi.fn();
    const stop = handleSignOutRequests(handler);
    requestSignOut({ isEntra: true });
    requestSignOut();
    stop();
    expect(handler.mock.calls).toEqual([[{ isEntra: true }], [{ isEntra: false }]]);
  });

  it('otherwise clears this device, runs the cleanups and goes to the endpoint itself', async () => {
    const { state, document } = fakeClientState();
    document.set('ShowTourPrompt', 'true');
    const assign = vi.fn();
    vi.stubGlobal('window', { ...state, location: { assign } });
    const cleanup = vi.fn();
    const unregister = registerSignOutCleanup(cleanup);
    requestSignOut();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/api/user/signout'));
    unregister();
    expect(cleanup).toHaveBeenCalledOnce();
    expect(document.cookie).toBe('');
  });
});
