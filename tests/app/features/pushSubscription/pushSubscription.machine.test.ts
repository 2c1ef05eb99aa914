import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { NotificationSubscription, NotificationType } from '../../../../src/shared/contract/notifications';
import { ApiError } from '../../../../src/app/api/ApiError';
import { pushMessages } from '../../../../src/app/features/pushSubscription/messages';
import { pushSubscriptionMachineWith } from '../../../../src/app/features/pushSubscription/pushSubscription.actor';
import type { DeviceCheck, PushDevicePort } from '../../../../src/app/features/pushSubscription/pushDevice';
import { toPushSubscriptionView } from '../../../../src/app/features/pushSubscription/pushSubscriptionView';
import { PushTokenError } from '../../../../src/app/features/pushSubscription/tokenProvider';
import type { Announcement } from '../../../../src/app/features/pushSubscription/pushSubscription.machine';

const studentTypes: NotificationType[] = ['General', 'Timetable', 'Attendance'];
const subscription = (token: string, types: NotificationType[]): NotificationSubscription => ({
  token,
  subscriptionNotificationTypes: types.map((notificationType) => ({ notificationType })),
});

/** A device port whose answers each test sets; it records what the machine asked for. */
function fakeDevice(check: DeviceCheck) {
  const calls: string[] = [];
  const device = {
    check: vi.fn(async () => {
      calls.push('check');
      return check;
    }),
    requestPermission: vi.fn(async (): Promise<NotificationPermission> => {
      calls.push('requestPermission');
      return 'granted';
    }),
    enable: vi.fn(async (types: readonly NotificationType[]) => {
      calls.push(`enable:${types.join('+')}`);
      return subscription('device-token', [...types]);
    }),
    update: vi.fn(async (token: string, types: readonly NotificationType[]) => {
      calls.push(`update:${token}:${types.join('+')}`);
      return subscription(token, [...types]);
    }),
    disable: vi.fn(async (token: string) => {
      calls.push(`disable:${token}`);
    }),
  } satisfies PushDevicePort;
  return { device, calls };
}

const noDevice: DeviceCheck = { permission: 'default', token: null, subscription: null };
const subscribedDevice: DeviceCheck = { permission: 'granted', token: 'device-token', subscription: subscription('device-token', ['General', 'Timetable']) };

function start(device: PushDevicePort, { isSupported = true, allowedTypes = studentTypes } = {}) {
  const announced: Announcement[] = [];
  const machine = pushSubscriptionMachineWith(device).provide({
    actions: { announce: (_, params: Announcement) => announced.push(params) },
  });
  const actor = createActor(machine, { input: { allowedTypes, isSupported } });
  actor.start();
  const settled = () => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
  return { actor, announced, settled, view: () => toPushSubscriptionView(actor.getSnapshot()) };
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('start-up (SPEC §4: unknown, true or false)', () => {
  it('is unknown while it checks, then false for a device without a subscription', async () => {
    const { device } = fakeDevice(noDevice);
    let release: (check: DeviceCheck) => void = () => {};
    device.check.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const { actor, settled, view } = start(device);
    expect(actor.getSnapshot().context.isSubscribed).toBeUndefined();
    expect(view()).toMatchObject({ phase: 'checking', busy: 'checking' });
    release(noDevice);
    await settled();
    expect(actor.getSnapshot().context.isSubscribed).toBe(false);
    expect(view()).toMatchObject({ phase: 'off', busy: undefined, permission: 'default' });
  });

  it('is true with the server’s types when the server knows this device’s token', async () => {
    const { device } = fakeDevice(subscribedDevice);
    const { actor, settled, view } = start(device);
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ isSubscribed: true, token: 'device-token', types: ['General', 'Timetable'] });
    expect(view()).toMatchObject({ phase: 'on', permission: 'granted' });
  });

  it('stays unknown when the check fails, and checks again on request', async () => {
    const { device } = fakeDevice(subscribedDevice);
    device.check.mockRejectedValueOnce(ApiError.network(new TypeError('Failed to fetch')));
    const { actor, settled, view } = start(device);
    await settled();
    expect(view().phase).toBe('unknown');
    expect(actor.getSnapshot().can({ type: 'ENABLE', types: ['General'] })).toBe(false);
    actor.send({ type: 'CHECK' });
    await settled();
    expect(view().phase).toBe('on');
  });

  it('does nothing at all in a browser without push', () => {
    const { device } = fakeDevice(noDevice);
    const { actor, view } = start(device, { isSupported: false });
    expect(view()).toMatchObject({ phase: 'unsupported', permission: 'unsupported', busy: undefined });
    expect(actor.getSnapshot().can({ type: 'ENABLE', types: ['General'] })).toBe(false);
    expect(device.check).not.toHaveBeenCalled();
  });
});

describe('enabling on this device', () => {
  it('asks for permission first, then stores the token with the chosen types', async () => {
    const { device, calls } = fakeDevice(noDevice);
    const { actor, announced, settled, view } = start(device);
    await settled();
    actor.send({ type: 'ENABLE', types: ['Timetable', 'General'] });
    expect(view().busy).toBe('enabling');
    await settled();
    expect(calls).toEqual(['check', 'requestPermission', 'enable:General+Timetable']);
    expect(actor.getSnapshot().context).toMatchObject({ isSubscribed: true, token: 'device-token', types: ['General', 'Timetable'], permission: 'granted' });
    expect(announced).toEqual([{ kind: 'positive', text: 'Notifications enabled on this device' }]);
  });

  it('subscribes to nothing and says so when permission is not granted', async () => {
    const { device } = fakeDevice(noDevice);
    device.requestPermission.mockResolvedValueOnce('denied');
    const { actor, announced, settled, view } = start(device);
    await settled();
    actor.send({ type: 'ENABLE', types: ['General'] });
    await settled();
    expect(device.requestPermission).toHaveBeenCalledTimes(1);
    expect(device.enable).not.toHaveBeenCalled();
    expect(view()).toMatchObject({ phase: 'off', permission: 'denied' });
    expect(announced).toEqual([{ kind: 'negative', text: 'Permission not granted for Notification' }]);
  });

  it('reports a failed subscription and stays off', async () => {
    const { device } = fakeDevice(noDevice);
    device.enable.mockRejectedValueOnce(new DOMException('Registration failed - push service not available', 'AbortError'));
    const { actor, announced, settled, view } = start(device);
    await settled();
    actor.send({ type: 'ENABLE', types: ['General'] });
    await settled();
    expect(view().phase).toBe('off');
    expect(announced).toEqual([{ kind: 'negative', text: 'Unable to subscribe to push notifications on this device' }]);
  });

  it('reports a Firebase token failure in its own words', async () => {
    const { device } = fakeDevice(noDevice);
    device.enable.mockRejectedValueOnce(new PushTokenError(pushMessages.firebaseTokenFailed));
    const { actor, announced, settled } = start(device);
    await settled();
    actor.send({ type: 'ENABLE', types: ['General'] });
    await settled();
    expect(announced).toEqual([{ kind: 'negative', text: 'Failed to get Firebase token' }]);
  });

  it('ignores an enable with no types, and types the role does not allow', async () => {
    const { device, calls } = fakeDevice(noDevice);
    const { actor, settled } = start(device, { allowedTypes: ['General', 'Timetable'] });
    await settled();
    expect(actor.getSnapshot().can({ type: 'ENABLE', types: [] })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'ENABLE', types: ['Attendance'] })).toBe(false);
    actor.send({ type: 'ENABLE', types: ['Attendance', 'Timetable'] });
    await settled();
    expect(calls.at(-1)).toBe('enable:Timetable');
  });
});

describe('updating types', () => {
  it('sends the new types for this device’s token', async () => {
    const { device, calls } = fakeDevice(subscribedDevice);
    const { actor, announced, settled, view } = start(device);
    await settled();
    actor.send({ type: 'UPDATE', types: ['General', 'Attendance'] });
    expect(view().busy).toBe('updating');
    await settled();
    expect(calls.at(-1)).toBe('update:device-token:General+Attendance');
    expect(actor.getSnapshot().context.types).toEqual(['General', 'Attendance']);
    expect(announced).toEqual([{ kind: 'positive', text: 'Notifications settings updated' }]);
  });

  it('keeps the old types on failure, and turns off when the server no longer knows the device', async () => {
    const { device } = fakeDevice(subscribedDevice);
    device.update.mockRejectedValueOnce(new ApiError({ reason: 'http', status: 500, statusText: 'Internal Server Error', message: 'boom', errors: {} }));
    const { actor, announced, settled, view } = start(device);
    await settled();
    actor.send({ type: 'UPDATE', types: ['General'] });
    await settled();
    expect(view()).toMatchObject({ phase: 'on', types: ['General', 'Timetable'] });

    device.update.mockRejectedValueOnce(new ApiError({ reason: 'http', status: 404, statusText: 'Not Found', message: 'The subscription was not found.', errors: {} }));
    actor.send({ type: 'UPDATE', types: ['General'] });
    await settled();
    expect(view().phase).toBe('off');
    expect(announced).toEqual([
      { kind: 'negative', text: 'Unable to update push notifications on this device' },
      { kind: 'negative', text: 'Unable to update push notifications on this device' },
    ]);
  });
});

describe('unsubscribing', () => {
  it('clears the subscription', async () => {
    const { device, calls } = fakeDevice(subscribedDevice);
    const { actor, announced, settled, view } = start(device);
    await settled();
    actor.send({ type: 'UNSUBSCRIBE' });
    expect(view().busy).toBe('unsubscribing');
    await settled();
    expect(calls.at(-1)).toBe('disable:device-token');
    expect(actor.getSnapshot().context).toMatchObject({ isSubscribed: false, types: [] });
    expect(announced).toEqual([{ kind: 'positive', text: 'Unsubscribed from notifications on this device' }]);
  });

  it('stays subscribed when the server cannot be told', async () => {
    const { device } = fakeDevice(subscribedDevice);
    device.disable.mockRejectedValueOnce(ApiError.network(new TypeError('Failed to fetch')));
    const { actor, announced, settled, view } = start(device);
    await settled();
    actor.send({ type: 'UNSUBSCRIBE' });
    await settled();
    expect(view().phase).toBe('on');
    expect(announced).toEqual([{ kind: 'negative', text: 'Unable to unsubscribe from push notifications on this device' }]);
  });

  it('accepts no second action while one is under way', async () => {
    const { device } = fakeDevice(subscribedDevice);
    const { actor, settled } = start(device);
    await settled();
    actor.send({ type: 'UNSUBSCRIBE' });
    expect(actor.getSnapshot().can({ type: 'UPDATE', types: ['General'] })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'UNSUBSCRIBE' })).toBe(false);
    await settled();
  });
});
