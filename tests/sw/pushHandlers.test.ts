import { describe, expect, it, vi } from 'vitest';
import { notificationTag } from '../../src/shared/rules/notificationTag';
import { handleNotificationClick, handlePush, type PushScope } from '../../sw/pushHandlers';

const origin = 'https://campus.example.ac.uk';

interface FakeWindow {
  url: string;
  focused: boolean;
  visibilityState: DocumentVisibilityState;
  isControlled: boolean;
  messages: unknown[];
}

function fakeScope(windows: FakeWindow[] = []) {
  const shown: { title: string; options: NotificationOptions | undefined }[] = [];
  const opened: string[] = [];
  const clients = windows.map((window) => ({
    get url() {
      return window.url;
    },
    get focused() {
      return window.focused;
    },
    get visibilityState() {
      return window.visibilityState;
    },
    postMessage: (message: unknown) => window.messages.push(message),
    focus: vi.fn(async function (this: unknown) {
      window.focused = true;
      return this;
    }),
    navigate: vi.fn(async function (this: unknown, url: string) {
      if (!window.isControlled) throw new TypeError('not controlled');
      window.url = url;
      return this;
    }),
  }));
  const scope: PushScope = {
    origin,
    registration: {
      showNotification: async (title: string, options?: NotificationOptions) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: (async () => clients) as unknown as Clients['matchAll'],
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
  };
  return { scope, shown, opened, clients };
}

const aWindow = (url: string, overrides: Partial<FakeWindow> = {}): FakeWindow => ({
  url, focused: false, visibilityState: 'hidden', isControlled: true, messages: [], ...overrides,
});

describe('handlePush', () => {
  it('shows the notification and tells every open page to update its notifications', async () => {
    const windows = [aWindow(`${origin}/home`), aWindow(`${origin}/timetable`)];
    const { scope, shown } = fakeScope(windows);
    await handlePush(scope, JSON.stringify({ rowId: 3, title: 'Cancelled: CS1', body: 'Off today', url: '/timetable', type: 'Timetable' }));
    expect(shown).toEqual([{ title: 'Cancelled: CS1', options: expect.objectContaining({ body: 'Off today', tag: 'notification-3', data: { url: '/timetable', rowId: 3 } }) }]);
    for (const window of windows) expect(window.messages).toEqual([{ type: 'update-notifications' }]);
  });

  it('shows a push delivered twice once: the second replaces the first by the row id, silently', async () => {
    // The notification tray as the Notifications API keeps it: a notification whose tag is already
    // shown replaces that one; one without a tag is always added.
    const tray = new Map<string, { title: string; options: NotificationOptions | undefined }>();
    const { scope } = fakeScope();
    const trayScope: PushScope = {
      ...scope,
      registration: {
        showNotification: async (title: string, options?: NotificationOptions) => {
          tray.set(options?.tag || `untagged-${tray.size}`, { title, options });
        },
      },
    };
    const message = JSON.stringify({ rowId: 41, title: 'Room change', body: 'CS2052 moves to 1.01', url: '/timetable', type: 'Timetable' });
    const viaFcm = JSON.stringify({ data: { rowId: '41', title: 'Room change', body: 'CS2052 moves to 1.01', url: '/timetable', type: 'Timetable' } });
    await handlePush(trayScope, message);
    await handlePush(trayScope, message);
    await handlePush(trayScope, viaFcm);
    expect([...tray.values()]).toEqual([{ title: 'Room change', options: expect.objectContaining({ tag: notificationTag(41), renotify: false }) }]);

    await handlePush(trayScope, JSON.stringify({ rowId: 42, title: 'Library', body: 'Open late', url: null, type: 'General' }));
    expect([...tray.keys()]).toEqual([notificationTag(41), notificationTag(42)]);
  });

  it('still tells the open pages when the system notification cannot be shown', async () => {
    const windows = [aWindow(`${origin}/home`)];
    const { scope } = fakeScope(windows);
    const refused = new TypeError('No notification permission has been granted for this origin.');
    const withoutPermission: PushScope = { ...scope, registration: { showNotification: () => Promise.reject(refused) } };
    await expect(handlePush(withoutPermission, JSON.stringify({ title: 'Library', body: 'Open late' }))).rejects.toBe(refused);
    expect(windows[0]?.messages).toEqual([{ type: 'update-notifications' }]);
  });

  it('shows a generic notification for a push without our payload', async () => {
    const { scope, shown } = fakeScope();
    await handlePush(scope, null);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe('Campus Companion');
  });
});

describe('handleNotificationClick', () => {
  const notification = (url: string | null) => ({ close: vi.fn(), data: { url, rowId: 1 } });

  it('closes the notification, focuses the open app window and navigates it to the url', async () => {
    const windows = [aWindow(`${origin}/home`), aWindow(`${origin}/resources`, { visibilityState: 'visible' })];
    const { scope, opened, clients } = fakeScope(windows);
    const clicked = notification('/timetable');
    await handleNotificationClick(scope, clicked);
    expect(clicked.close).toHaveBeenCalled();
    expect(clients[1]?.focus).toHaveBeenCalled();
    expect(windows[1]?.url).toBe(`${origin}/timetable`);
    expect(windows[0]?.url).toBe(`${origin}/home`);
    expect(opened).toEqual([]);
  });

  it('prefers the focused window and does not reload a window already on the url', async () => {
    const windows = [aWindow(`${origin}/home`, { visibilityState: 'visible' }), aWindow(`${origin}/user/notifications`, { focused: true })];
    const { scope, opened, clients } = fakeScope(windows);
    await handleNotificationClick(scope, notification(null));
    expect(clients[1]?.focus).toHaveBeenCalled();
    expect(clients[1]?.navigate).not.toHaveBeenCalled();
    expect(opened).toEqual([]);
  });

  it('opens a new window when no app window is open', async () => {
    const { scope, opened } = fakeScope([aWindow('https://elsewhere.example/')]);
    await handleNotificationClick(scope, notification('/timetable'));
    expect(opened).toEqual([`${origin}/timetable`]);
  });

  it('opens a new window when the open one cannot be navigated, and never leaves the app', async () => {
    const { scope, opened } = fakeScope([aWindow(`${origin}/home`, { isControlled: false })]);
    await handleNotificationClick(scope, notification('https://evil.example/'));
    expect(opened).toEqual([`${origin}/user/notifications`]);
  });
});
