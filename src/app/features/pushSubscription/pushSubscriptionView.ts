import type { SnapshotFrom } from 'xstate';
import type { NotificationType } from '../../../shared/contract/notifications';
import type { pushSubscriptionMachine } from './pushSubscription.machine';
import type { PermissionState } from './pushSupport';

/** What the settings section shows, derived from the machine's snapshot. */
export interface PushSubscriptionView {
  readonly phase: 'unsupported' | 'checking' | 'unknown' | 'off' | 'on';
  /** The action under way, which disables the buttons and names the busy one. */
  readonly busy: 'checking' | 'enabling' | 'updating' | 'unsubscribing' | undefined;
  readonly permission: PermissionState;
  readonly allowedTypes: readonly NotificationType[];
  /** The types the server holds for this device. */
  readonly types: readonly NotificationType[];
}

type Snapshot = SnapshotFrom<typeof pushSubscriptionMachine>;

function busyOf(snapshot: Snapshot): PushSubscriptionView['busy'] {
  if (snapshot.matches('checking')) return 'checking';
  if (snapshot.matches('requestingPermission') || snapshot.matches('subscribing')) return 'enabling';
  if (snapshot.matches('updating')) return 'updating';
  if (snapshot.matches('unsubscribing')) return 'unsubscribing';
  return undefined;
}

export function toPushSubscriptionView(snapshot: Snapshot): PushSubscriptionView {
  const { isSubscribed, permission, allowedTypes, types } = snapshot.context;
  const phase: PushSubscriptionView['phase'] = snapshot.matches('unsupported')
    ? 'unsupported'
    : snapshot.matches('checking')
      ? 'checking'
      : isSubscribed === undefined
        ? 'unknown'
        : isSubscribed
          ? 'on'
          : 'off';
  return { phase, busy: busyOf(snapshot), permission, allowedTypes, types };
}

export function isSameView(a: PushSubscriptionView, b: PushSubscriptionView): boolean {
  return (
    a.phase === b.phase &&
    a.busy === b.busy &&
    a.permission === b.permission &&
    a.allowedTypes.join() === b.allowedTypes.join() &&
    a.types.join() === b.types.join()
  );
}
