import { Link } from 'react-router';
import { paths } from '../../routing/paths';
import { Icon } from '../../ui/icons/Icon';
import type { MissedWarning } from './attendanceView';

/** The 5, 10 or 20 consecutive missed classes banner, with where to get support. */
export function MissedWarningBanner({ warning, isCompact = false }: { readonly warning: MissedWarning; readonly isCompact?: boolean }) {
  return (
    <div className={`missed-warning${warning.isSerious ? ' missed-warning--serious' : ''}`} role="note" aria-label="Attendance warning">
      <Icon name="alert" size={22} />
      <div>
        <p className="missed-warning__title">{warning.title}</p>
        {!isCompact && <p>{warning.text}</p>}
        {!isCompact && (
          <p>
            <Link to={paths.settingsAbout}>How to get help and contact Student Support</Link>
          </p>
        )}
      </div>
    </div>
  );
}
