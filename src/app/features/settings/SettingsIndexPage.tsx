import { Navigate } from 'react-router';
import { paths } from '../../routing/paths';
import { wideScreenQuery } from '../../routing/media';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { SettingsSectionList } from './SettingsSectionList';

/** `/user/settings` on a phone: the list of sections. Wide screens open the first section. */
export function SettingsIndexPage() {
  const isWide = useMediaQuery(wideScreenQuery);
  if (isWide) return <Navigate to={paths.settingsNotifications} replace />;
  return (
    <div className="page">
      <header className="page__intro">
        <h1>Settings</h1>
      </header>
      <SettingsSectionList label="Settings sections" />
    </div>
  );
}
