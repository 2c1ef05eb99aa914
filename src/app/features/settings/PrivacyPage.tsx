import { cookies } from '../../../shared/constants';
import { ResponsiveTable } from '../../ui/table/ResponsiveTable';
import { AnalyticsChoice } from '../analytics/AnalyticsChoice';
import { contacts, MailLink } from './contacts';
import { cookieList } from './cookieList';
import { SettingsPage } from './SettingsPage';
import { SignOutEverywhere } from './SignOutEverywhere';

/** What is stored on the device and on the server, the cookies and why, and how to clear it. */
export function PrivacyPage() {
  return (
    <SettingsPage intro="What Campus Companion keeps about you, where it keeps it, and how to clear it.">
      <div className="prose">
        <h2>On this device</h2>
        <p>So that the app opens without a signal, your browser keeps:</p>
        <ul>
          <li>
            a copy of what you have viewed: your timetable, attendance, absence requests, resources, favourites,
            notifications and profile;
          </li>
          <li>changes waiting to be sent while you are offline, such as a new favourite;</li>
          <li>your appearance and app preferences;</li>
          <li>the app’s own files, so that it loads quickly and offline.</li>
        </ul>
        <p>This copy belongs to you alone: when someone else signs in on the same browser, they never see it.</p>

        <h2>On the university’s servers</h2>
        <p>
          Your name, email address, roles, timetable and attendance come from the university’s own records. The app
          also stores your preferences, favourites, absence requests and the files you attach to them, referrals to
          student support, which notifications you have read, the notification subscription of each device you turn
          notifications on for, any feedback you give, and a record of your session while you are signed in.
        </p>

        <h2>Cookies</h2>
        <ResponsiveTable label="Cookies the app uses">
          <caption className="visually-hidden">Cookies the app uses</caption>
          <thead>
            <tr>
              <th scope="col">Cookie</th>
              <th scope="col">Why</th>
              <th scope="col">How long</th>
            </tr>
          </thead>
          <tbody>
            {cookieList.map((cookie) => (
              <tr key={cookie.name}>
                <th scope="row">
                  <code>{cookie.name}</code>
                </th>
                <td data-label="Why">{cookie.purpose}</td>
                <td data-label="How long">{cookie.kept}</td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
        <p>
          If you agree to analytics, the analytics service sets its own cookies to measure how the app is used.
          Choosing to deny analytics removes them.
        </p>

        <AnalyticsChoice />

        <h2>Clearing your data</h2>
        <ul>
          <li>
            <strong>Sign out</strong> to remove your copy of the data, the app’s local storage and its cookies from this
            device. Only {cookies.analyticsConsent}, {cookies.analyticsConsentUser} and {cookies.appPlatform} stay, so
            the app remembers your analytics answer (and asks anyone else who signs in here for theirs), and the date you
            last dismissed the install banner.
          </li>
          <li>
            To remove everything, including those, clear this site’s data in your browser’s settings (usually under
            Privacy, then Site settings or Website data).
          </li>
          <li>To stop notifications on this device, turn them off in Notification settings.</li>
          <li>
            To see or correct what the university holds about you, contact the {contacts.dataProtection.name} at{' '}
            <MailLink contact={contacts.dataProtection} />.
          </li>
        </ul>

        <SignOutEverywhere />
      </div>
    </SettingsPage>
  );
}
