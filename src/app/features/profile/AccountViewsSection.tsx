import { formatDate } from '../../format/dateTime';
import { ServerStateProvider } from '../../serverState/ServerStateProvider';
import { useAccountViews, type AccountView } from './accountViews.queries';

/** "An administrator viewed your account on {date}: {reason}" (issue 17), the date as SPEC's DD/MM/YYYY. */
export function accountViewText(view: AccountView): string {
  return `An administrator viewed your account on ${formatDate(view.at)}: ${view.reason}`;
}

/**
 * Issue 17's transparency notice: each time an administrator viewed this account, and why, newest
 * first. Nothing at all when there is none (or the server has the notice turned off), and nothing
 * when it cannot be loaded (offline): it is not cached on the device. Loaded lazily by the profile
 * page, with the query client it brings (serverState/).
 */
export function AccountViewsSection() {
  return (
    <ServerStateProvider>
      <AccountViews />
    </ServerStateProvider>
  );
}

function AccountViews() {
  const views = useAccountViews();
  if (views.length === 0) return null;
  return (
    <section className="card profile__section" aria-labelledby="profile-account-views">
      <h2 id="profile-account-views">Administrator access</h2>
      <ul className="profile__account-views">
        {views.map((view) => (
          <li key={`${view.at}-${view.reason}`}>{accountViewText(view)}</li>
        ))}
      </ul>
    </section>
  );
}
