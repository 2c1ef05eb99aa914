import { useSyncExternalStore } from 'react';
import { UpdatedAt } from '../../sync/UpdatedAt';
import { toast } from '../../ui/toast/toastStore';
import { appliedPreferences, borderAttribute, fontAttribute, subscribeAppliedPreferences, themeAttribute } from './applyPreferences';
import { setBorder, setCategoryView, setFont, setTheme } from './mutations';
import { CategoryViewSwitch } from './CategoryViewSwitch';
import { PreferenceChoice } from './PreferenceChoice';
import { useAppPreferences, usePreferenceOptions, useUserApiPreferences } from './queries';
import { userApiPreferencesResource } from './resources';
import { SaveStatus } from './SaveStatus';
import './appearance.css';

/** A change could not even be queued (e.g. storage unavailable): say so rather than fail silently. */
function save(change: Promise<void>): void {
  change.catch((error: unknown) => {
    console.error('Saving a preference failed', error);
    toast.negative('Your preference could not be saved on this device.');
  });
}

/** Settings → Appearance: theme, border and font (SPEC §3, §4), and the resources category view. */
export default function AppearanceSettings() {
  const { options } = usePreferenceOptions();
  const userApi = useUserApiPreferences();
  const app = useAppPreferences();
  // What is on screen: the stored preferences once loaded, and a change the moment it is made.
  const { userApi: current, app: shownApp } = useSyncExternalStore(subscribeAppliedPreferences, appliedPreferences, appliedPreferences);
  const isCategoryView = shownApp.isCategoryView;

  return (
    <div className="appearance-settings">
      <div className="appearance-settings__meta">
        <UpdatedAt resourceKey={userApiPreferencesResource.key} />
        <SaveStatus isPending={userApi.isPending || app.isPending} />
      </div>
      <PreferenceChoice
        label="Theme"
        description="Auto follows your device's light or dark setting."
        options={options.theme}
        value={current.theme}
        meaning={themeAttribute}
        onChange={(theme) => save(setTheme(theme))}
      />
      <PreferenceChoice
        label="Border"
        options={options.border}
        value={current.border}
        meaning={borderAttribute}
        onChange={(border) => save(setBorder(border))}
      />
      <PreferenceChoice
        label="Font"
        options={options.font}
        value={current.font}
        meaning={fontAttribute}
        onChange={(font) => save(setFont(font))}
      />
      <CategoryViewSwitch isOn={isCategoryView} onChange={(isOn) => save(setCategoryView(isOn))} />
    </div>
  );
}
