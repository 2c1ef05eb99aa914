import { NavLink } from 'react-router';
import { paths, type RouteName } from '../../routing/paths';
import { pages, sectionPages, type PageMeta } from '../../routing/routeMeta';
import { Icon, type IconName } from '../../ui/icons/Icon';

type SettingsRouteName = (typeof sectionPages.settings)[number];

const icons = {
  settingsNotifications: 'bell',
  settingsAppearance: 'appearance',
  settingsAbout: 'info',
  settingsPrivacy: 'lock',
  settingsAccessibility: 'accessibility',
  settingsTerms: 'document',
  settingsFeedback: 'feedback',
} as const satisfies Record<SettingsRouteName, IconName>;

/** Links to every settings section: the phone's settings page, and the side list on wide screens. */
export function SettingsSectionList({ label }: { readonly label: string }) {
  return (
    <nav className="settings-list" aria-label={label}>
      <ul className="settings-list__items">
        {sectionPages.settings.map((routeName: SettingsRouteName & RouteName) => {
          const page: PageMeta = pages[routeName];
          return (
            <li key={routeName}>
              <NavLink to={paths[routeName]} className="settings-list__link">
                <span className="settings-list__icon">
                  <Icon name={icons[routeName]} size={20} />
                </span>
                <span className="settings-list__text">
                  <span className="settings-list__title">{page.title}</span>
                  {page.summary && <span className="settings-list__summary">{page.summary}</span>}
                </span>
                <Icon name="chevronRight" size={18} className="settings-list__chevron" />
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
