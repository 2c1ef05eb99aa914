import type { CSSProperties } from 'react';
import { NavLink } from 'react-router';
import { contrastColour } from '../../shared/rules/contrastColour';
import type { MenuEntry } from '../routing/menu';
import { Icon } from '../ui/icons/Icon';

function itemClass(entry: MenuEntry): string {
  const classes = ['main-menu__item'];
  if (!entry.showOnDesktop) classes.push('main-menu__item--phone-only');
  if (!entry.showOnMobile) classes.push('main-menu__item--wide-only');
  return classes.join(' ');
}

/**
 * The main menu: a side menu on wide screens and a bottom bar on phones, from one list whose
 * items CSS shows or hides per screen size (showOnDesktop / showOnMobile).
 */
export function MainMenu({ entries }: { readonly entries: readonly MenuEntry[] }) {
  return (
    <nav className="main-menu" aria-label="Main">
      <ul className="main-menu__list">
        {entries
          .filter((entry) => entry.showOnDesktop || entry.showOnMobile)
          .map((entry) => (
            <li key={entry.key} className={itemClass(entry)}>
              <NavLink
                id={entry.id}
                to={entry.link}
                className="main-menu__link"
                style={{ '--entry-color': entry.color, '--entry-on-color': contrastColour(entry.color) } satisfies CSSProperties}
              >
                <span className="main-menu__icon">
                  <Icon name={entry.icon} size={22} />
                </span>
                <span className="main-menu__label">{entry.label}</span>
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  );
}
