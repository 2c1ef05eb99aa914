import { assign, fromPromise, setup } from 'xstate';
import type { NotificationSubscription, NotificationType } from '../../../shared/contract/notifications';
import { normaliseTypes } from '../../../shared/rules/notificationTypes';
import { isApiError } from '../../api/ApiError';
import { toast } from '../../ui/toast/toastStore';
import { pushMessages } from './messages';
import type { DeviceCheck } from './pushDevice';
import type { PermissionState } from './pushSupport';
import { PushTokenError } from './tokenProvider';
import { machineTypes } from '../../state/machineTypes';

/**
 * This device's push subscription (SPEC §4 Notifications): unknown, true or false. Start-up finds
 * the device's token and asks the server for its subscription. Enabling asks for permission
 * first, then stores the token with the chosen types; updating changes the types; unsubscribing
 * clears them. Every outcome is told with the SPEC §8 text. Side effects are the actors below,
 * which the app provides (pushSubscription.actor.ts) and tests replace.
 */
export interface PushSubscriptionInput {
  /** The types the user's roles allow (SPEC §6). */
  readonly allowedTypes: readonly NotificationType[];
  /** Whether this browser can receive push at all. */
  readonly isSupported: boolean;
}

export interface PushSubscriptionContext {
  readonly allowedTypes: readonly NotificationType[];
  readonly permission: PermissionState;
  /** SPEC §4: unknown (undefined), true or false. */
  readonly isSubscribed: boolean | undefined;
  /** This device's token, once known. */
  readonly token: string | undefined;
  /** The types the server holds for this device. */
  readonly types: readonly NotificationType[];
  /** The types of the enable or update in progress. */
  readonly chosenTypes: readonly NotificationType[];
}

export type PushSubscriptionEvent =
  | { readonly type: 'ENABLE'; readonly types: readonly NotificationType[] }
  | { readonly type: 'UPDATE'; readonly types: readonly NotificationType[] }
  | { readonly type: 'UNSUBSCRIBE' }
  | { readonly type: 'CHECK' };

export type Announcement = { readonly kind: 'positive' | 'negative'; readonly text: string };

const typesOf = (subscription: NotificationSubscription): NotificationType[] =>
  normaliseTypes(subscription.subscriptionNotificationTypes.map((item) => item.notificationType));

/** The types asked for that the user's roles allow (SPEC §6), in the usual order. */
const allowedOf = (context: Pick<PushSubscriptionContext, 'allowedTypes'>, types: readonly NotificationType[]): NotificationType[] =>
  normaliseTypes(types).filter((type) => context.allowedTypes.includes(type));

/** The SPEC §8 text for a failed enable: a token failure has its own. */
const subscribeFailureText = (error: unknown): string => (error instanceof PushTokenError ? error.message : pushMessages.subscribeFailed);

export const pushSubscriptionMachine = setup({
  types: machineTypes<{ input: PushSubscriptionInput; context: PushSubscriptionContext; events: PushSubscriptionEvent }>(),
  actors: {
    checkDevice: fromPromise<DeviceCheck>(() => Promise.reject(new Error('checkDevice is not provided'))),
    requestPermission: fromPromise<NotificationPermission>(() => Promise.reject(new Error('requestPermission is not provided'))),
    enableDevice: fromPromise<NotificationSubscription, { types: readonly NotificationType[] }>(() => Promise.reject(new Error('enableDevice is not provided'))),
    updateTypes: fromPromise<NotificationSubscription, { token: string; types: readonly NotificationType[] }>(() => Promise.reject(new Error('updateTypes is not provided'))),
    disableDevice: fromPromise<void, { token: string }>(() => Promise.reject(new Error('disableDevice is not provided'))),
  },
  actions: {
    adoptCheck: assign((_, check: DeviceCheck) => ({
      permission: check.permission,
      token: check.token ?? undefined,
      isSubscribed: check.subscription !== null,
      types: check.subscription ? typesOf(check.subscription) : [],
    })),
    adoptSubscription: assign((_, subscription: NotificationSubscription) => ({
      isSubscribed: true,
      token: subscription.token,
      types: typesOf(subscription),
    })),
    forgetSubscription: assign({ isSubscribed: false, types: [] }),
    chooseTypes: assign(({ context, event }) => ({
      chosenTypes: 'types' in event ? allowedOf(context, event.types) : context.chosenTypes,
    })),
    recordPermission: assign((_, permission: NotificationPermission) => ({ permission })),
    logFailure: (_, { error }: { error: unknown }) => console.warn('Push subscription', error),
    /** Shows a toast; tests provide their own to record what the user would read. */
    announce: (_, { kind, text }: Announcement) => {
      if (kind === 'positive') toast.positive(text);
      else toast.negative(text);
    },
  },
  guards: {
    hasServerSubscription: (_, check: DeviceCheck) => check.subscription !== null,
    isGranted: (_, permission: NotificationPermission) => permission === 'granted',
    /** At least one type the role allows: an enable or update never stores an empty list. */
    hasChosenTypes: ({ context, event }) => 'types' in event && allowedOf(context, event.types).length > 0,
    /** The server no longer knows the device (its push service forgot it, or it changed hands). */
    isSubscriptionGone: (_, error: unknown) => isApiError(error) && error.status === 404,
  },
}).createMachine({
  id: 'pushSubscription',
  context: ({ input }) => ({
    allowedTypes: input.allowedTypes,
    permission: input.isSupported ? 'default' : 'unsupported',
    isSubscribed: input.isSupported ? undefined : false,
    token: undefined,
    types: [],
    chosenTypes: [],
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: ({ context }) => context.permission === 'unsupported', target: 'unsupported' }, { target: 'checking' }],
    },
    /** No service worker, Push API or Notifications API: nothing can be subscribed. */
    unsupported: {},
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'checkDevice',
        onDone: [
          { guard: { type: 'hasServerSubscription', params: ({ event }) => event.output }, target: 'subscribed', actions: { type: 'adoptCheck', params: ({ event }) => event.output } },
          { target: 'notSubscribed', actions: { type: 'adoptCheck', params: ({ event }) => event.output } },
        ],
        onError: { target: 'unknown', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The check failed (offline, say): the state stays unknown until checked again. */
    unknown: {
      on: { CHECK: 'checking' },
    },
    notSubscribed: {
      on: {
        ENABLE: { guard: 'hasChosenTypes', target: 'requestingPermission', actions: 'chooseTypes' },
        CHECK: 'checking',
      },
    },
    requestingPermission: {
      tags: ['busy'],
      invoke: {
        src: 'requestPermission',
        onDone: [
          {
            guard: { type: 'isGranted', params: ({ event }) => event.output },
            target: 'subscribing',
            actions: { type: 'recordPermission', params: ({ event }) => event.output },
          },
          {
            target: 'notSubscribed',
            actions: [
              { type: 'recordPermission', params: ({ event }) => event.output },
              { type: 'announce', params: { kind: 'negative', text: pushMessages.permissionRefused } },
            ],
          },
        ],
        onError: {
          target: 'notSubscribed',
          actions: [
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'announce', params: { kind: 'negative', text: pushMessages.permissionRefused } },
          ],
        },
      },
    },
    subscribing: {
      tags: ['busy'],
      invoke: {
        src: 'enableDevice',
        input: ({ context }) => ({ types: context.chosenTypes }),
        onDone: {
          target: 'subscribed',
          actions: [
            { type: 'adoptSubscription', params: ({ event }) => event.output },
            { type: 'announce', params: { kind: 'positive', text: pushMessages.enabled } },
          ],
        },
        onError: {
          target: 'notSubscribed',
          actions: [
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'announce', params: ({ event }) => ({ kind: 'negative', text: subscribeFailureText(event.error) }) },
          ],
        },
      },
    },
    subscribed: {
      on: {
        UPDATE: { guard: 'hasChosenTypes', target: 'updating', actions: 'chooseTypes' },
        UNSUBSCRIBE: 'unsubscribing',
        CHECK: 'checking',
      },
    },
    updating: {
      tags: ['busy'],
      invoke: {
        src: 'updateTypes',
        input: ({ context }) => ({ token: context.token ?? '', types: context.chosenTypes }),
        onDone: {
          target: 'subscribed',
          actions: [
            { type: 'adoptSubscription', params: ({ event }) => event.output },
            { type: 'announce', params: { kind: 'positive', text: pushMessages.updated } },
          ],
        },
        onError: [
          {
            guard: { type: 'isSubscriptionGone', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'notSubscribed',
            actions: ['forgetSubscription', { type: 'announce', params: { kind: 'negative', text: pushMessages.updateFailed } }],
          },
          {
            target: 'subscribed',
            actions: [
              { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
              { type: 'announce', params: { kind: 'negative', text: pushMessages.updateFailed } },
            ],
          },
        ],
      },
    },
    unsubscribing: {
      tags: ['busy'],
      invoke: {
        src: 'disableDevice',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'notSubscribed',
          actions: ['forgetSubscription', { type: 'announce', params: { kind: 'positive', text: pushMessages.unsubscribed } }],
        },
        onError: {
          target: 'subscribed',
          actions: [
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'announce', params: { kind: 'negative', text: pushMessages.unsubscribeFailed } },
          ],
        },
      },
    },
  },
});
