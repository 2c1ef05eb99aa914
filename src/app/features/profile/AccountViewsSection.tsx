import { useEffect, useState } from 'react';
import { accountViewsRoute } from '../../../shared/contract/adminViewAs';
import { callApi } from '../../api/client';
import { formatDate } from '../../format/dateTime';

type AccountView = { readonly at: string; readonly reason: string };

/** "An administrator viewed your account on {date}: {reason}" (issue 17), the date as SPEC's DD/MM/YYYY. */
export function accountViewText(view: AccountView): string {
  return `An administrator viewed your account on ${formatDate(view.at)}: ${view.reason}`;
}

/**
 * Issue 17's transparency notice: each time an administrator viewed this account, and why, newest
 * first. Nothing at all when there is none (or the server has the notice turned off), and nothing
 * when it cannot be loaded (offline): it is not cached on the device.
 */
export function AccountViewsSection() {
  const [views, setViews] = useState<readonly AccountView[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    callApi(accountViewsRoute, { signal: controller.signal })
      .then(setViews)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('Could not load who viewed this account', error);
      });
    return () => controller.abort();
  }, []);
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
