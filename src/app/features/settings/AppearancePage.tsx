import AppearanceSettings from '../preferences/AppearanceSettings';
import { SettingsPage } from './SettingsPage';

/** Theme, border and font (SPEC §3); the controls belong to the preferences feature. */
export function AppearancePage() {
  return (
    <SettingsPage intro="Choose how Campus Companion looks on this and your other devices.">
      <AppearanceSettings />
    </SettingsPage>
  );
}
