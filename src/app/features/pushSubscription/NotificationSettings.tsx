import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import type { NotificationType } from '../../../shared/contract/notifications';
import { paths } from '../../routing/paths';
import { useSignedInUser } from '../session/useSignedInUser';
import { readOnlyExplanation } from '../viewAs/isViewingAs';
import { notificationTypeDescriptions } from './notificationTypeTexts';
import { pushSubscriptionFor, type PushSubscriptionActor } from './pushSubscription.actor';
import { isSameView, toPushSubscriptionView, type PushSubscriptionView } from './pushSubscriptionView';
import './pushSubscription.css';

const stateTexts: Record<PushSubscriptionView['phase'], string> = {
  unsupported: 'This browser cannot receive push notifications, so they cannot be turned on here.',
  checking: 'Checking whether this device receives notifications…',
  unknown: 'Campus Companion could not check whether this device receives notifications. You may be offline.',
  off: 'Notifications are off on this device.',
  on: 'Notifications are on for this device.',
};

const permissionTexts: Record<PushSubscriptionView['permission'], string> = {
  default: 'When you enable notifications, your browser will ask whether Campus Companion may show them.',
  granted: 'Your browser allows Campus Companion to show notifications.',
  denied:
    'Your browser blocks notifications from Campus Companion. Allow them in this site’s settings (usually behind the icon at the start of the address bar), then try again.',
  unsupported: 'Notifications sent to you still appear in your notification list.',
};

/** The settings notifications section (SPEC §4, §8): permission, enable, update types, unsubscribe. */
export function NotificationSettings() {
  const user = useSignedInUser();
  // Issue 17: an administrator viewing as this user never registers their device for push.
  return user.viewAs ? <ViewingAsNotice name={user.userDisplayName} /> : <PushSettings />;
}

function ViewingAsNotice({ name }: { readonly name: string }) {
  const headingId = useId();
  return (
    <section className="card push-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>This device</h2>
      <p>{readOnlyExplanation(name)}: push notifications are not set up for this device.</p>
    </section>
  );
}

function PushSettings() {
  const user = useSignedInUser();
  const actor = pushSubscriptionFor(user);
  const view = useSelector(actor, toPushSubscriptionView, isSameView);
  return <DeviceSettings actor={actor} view={view} />;
}

function DeviceSettings({ actor, view }: { readonly actor: PushSubscriptionActor; readonly view: PushSubscriptionView }) {
  const headingId = useId();
  return (
    <section className="card push-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>This device</h2>
      <p className="push-settings__state" role="status">
        {stateTexts[view.phase]}
      </p>
      <p className="push-settings__permission">{permissionTexts[view.permission]}</p>
      {view.phase === 'unsupported' ? (
        <p>
          <Link to={paths.userNotifications}>See your notifications</Link>
        </p>
      ) : view.phase === 'unknown' ? (
        <Button className="button" onPress={() => actor.send({ type: 'CHECK' })}>
          Check again
        </Button>
      ) : (
        <TypesForm actor={actor} view={view} />
      )}
    </section>
  );
}

const sameTypes = (a: readonly NotificationType[], b: readonly NotificationType[]) => a.length === b.length && a.every((type) => b.includes(type));

function TypesForm({ actor, view }: { readonly actor: PushSubscriptionActor; readonly view: PushSubscriptionView }) {
  const isOn = view.phase === 'on';
  // Off: every allowed type is ticked to start with. On: the types the server holds. The form
  // stays mounted (its buttons keep focus and their ids), and starts again when those change.
  const startingTypes = isOn ? view.types : view.allowedTypes;
  const [chosen, setChosen] = useState<readonly NotificationType[]>(startingTypes);
  const startKey = `${view.phase}:${startingTypes.join()}`;
  const [chosenFor, setChosenFor] = useState(startKey);
  if (chosenFor !== startKey && view.phase !== 'checking') {
    setChosenFor(startKey);
    setChosen(startingTypes);
  }
  const primary = useRef<HTMLButtonElement>(null);
  const wasOn = useRef(isOn);
  const isBusy = view.busy !== undefined;
  const descriptionId = useId();

  // After unsubscribing, the button that was pressed is gone: keep focus in the section.
  useEffect(() => {
    if (wasOn.current && !isOn && (document.activeElement === document.body || document.activeElement === null)) primary.current?.focus();
    wasOn.current = isOn;
  }, [isOn]);

  const toggle = (type: NotificationType, isChecked: boolean) =>
    setChosen((current) => (isChecked ? view.allowedTypes.filter((t) => t === type || current.includes(t)) : current.filter((t) => t !== type)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || chosen.length === 0) return;
    actor.send(isOn ? { type: 'UPDATE', types: chosen } : { type: 'ENABLE', types: chosen });
  };

  const isUnchanged = isOn && sameTypes(chosen, view.types);
  return (
    <form className="push-settings__form" onSubmit={submit}>
      <fieldset className="push-settings__types" aria-describedby={descriptionId}>
        <legend>Notification types</legend>
        <p id={descriptionId} className="push-settings__hint">
          Choose what this device is told about. Everything still appears in your notification list.
        </p>
        {view.allowedTypes.map((type) => (
          <TypeCheckbox key={type} type={type} isChecked={chosen.includes(type)} isDisabled={view.phase === 'checking'} onChange={toggle} />
        ))}
        {chosen.length === 0 && <p className="push-settings__hint">Choose at least one type.</p>}
      </fieldset>
      <div className="push-settings__actions">
        <Button
          ref={primary}
          type="submit"
          className="button button--primary"
          isPending={view.busy === 'enabling' || view.busy === 'updating'}
          isDisabled={view.phase === 'checking' || view.busy === 'unsubscribing' || chosen.length === 0 || isUnchanged}
        >
          {isOn ? (view.busy === 'updating' ? 'Updating…' : 'Update types') : view.busy === 'enabling' ? 'Enabling…' : 'Enable on this device'}
        </Button>
        {isOn && (
          <Button className="button" isPending={view.busy === 'unsubscribing'} isDisabled={isBusy && view.busy !== 'unsubscribing'} onPress={() => actor.send({ type: 'UNSUBSCRIBE' })}>
            {view.busy === 'unsubscribing' ? 'Unsubscribing…' : 'Unsubscribe'}
          </Button>
        )}
      </div>
    </form>
  );
}

function TypeCheckbox({
  type,
  isChecked,
  isDisabled,
  onChange,
}: {
  readonly type: NotificationType;
  readonly isChecked: boolean;
  readonly isDisabled: boolean;
  readonly onChange: (type: NotificationType, isChecked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="push-settings__type">
      <input
        id={`${id}-box`}
        type="checkbox"
        checked={isChecked}
        disabled={isDisabled}
        aria-describedby={`${id}-text`}
        onChange={(event) => onChange(type, event.currentTarget.checked)}
      />
      <label htmlFor={`${id}-box`}>{type}</label>
      <span id={`${id}-text`} className="push-settings__type-text">
        {notificationTypeDescriptions[type]}
      </span>
    </div>
  );
}
