import { NotificationSettings } from '../pushSubscription/NotificationSettings';
import { SettingsPage } from './SettingsPage';

/** Settings → notifications: whether this device gets push notifications, and of which types. */
export function NotificationsSettingsPage() {
  return (
    <SettingsPage intro="Choose whether this device shows notifications, and which kinds.">
      <NotificationSettings />
    </SettingsPage>
  );
}
