import { ServerStateProvider } from '../../serverState/ServerStateProvider';
import { Icon } from '../../ui/icons/Icon';
import { useWelcomeWeek } from './welcomeWeek.queries';

/**
 * A link to the welcome-week page, shown only while the server gives a url. Loaded lazily by the
 * resources page, with the query client it reads through.
 */
export default function WelcomeWeekLink() {
  return (
    <ServerStateProvider>
      <Link />
    </ServerStateProvider>
  );
}

function Link() {
  const url = useWelcomeWeek();
  if (!url) return null;
  return (
    <a className="welcome-week card" href={url} target="_blank" rel="noopener noreferrer">
      <Icon name="star" size={20} />
      <span>
        <strong>Welcome week</strong> – events and activities for your first weeks
        <span className="visually-hidden"> (opens in a new tab)</span>
      </span>
    </a>
  );
}
