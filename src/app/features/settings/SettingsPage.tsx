import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCurrentRoute } from '../../routing/handle';
import { paths } from '../../routing/paths';
import { Icon } from '../../ui/icons/Icon';

/** The frame of one settings section: a way back to the list on phones, its title, then its content. */
export function SettingsPage({ intro, children }: { readonly intro?: ReactNode; readonly children: ReactNode }) {
  const current = useCurrentRoute();
  return (
    <article className="page settings-page">
      <Link to={paths.settings} className="back-link">
        <Icon name="chevronLeft" size={18} />
        Settings
      </Link>
      <header className="page__intro">
        <h1>{current?.title}</h1>
        {intro && <p>{intro}</p>}
      </header>
      {children}
    </article>
  );
}
