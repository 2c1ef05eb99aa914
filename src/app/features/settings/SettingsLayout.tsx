import { Outlet } from 'react-router';
import { SettingsSectionList } from './SettingsSectionList';

/** Settings: on wide screens the section list sits beside the open section; on phones each is a page. */
export function SettingsLayout() {
  return (
    <div className="settings">
      <aside className="settings__aside">
        <SettingsSectionList label="Settings sections" />
      </aside>
      <div className="settings__content">
        <Outlet />
      </div>
    </div>
  );
}
