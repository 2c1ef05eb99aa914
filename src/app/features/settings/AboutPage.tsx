import { RestartTourButton } from '../tour/RestartTourButton';
import { appVersion } from './appVersion';
import { contacts, MailLink } from './contacts';
import { SettingsPage } from './SettingsPage';

/** What the app is, which version this is, and where to get help. */
export function AboutPage() {
  return (
    <SettingsPage intro="Your timetable, attendance and the university’s digital resources, together in one app.">
      <div className="prose">
        <dl className="facts">
          <div>
            <dt>Version</dt>
            <dd>{appVersion}</dd>
          </div>
          <div>
            <dt>Works offline</dt>
            <dd>Yes, for anything you have already opened on this device</dd>
          </div>
        </dl>

        <h2>What it does</h2>
        <ul>
          <li>
            <strong>Students</strong> see their timetable by day with a map of each room, follow their attendance,
            register at monitored sessions, request absences and ask the student support team for help.
          </li>
          <li>
            <strong>Teaching staff</strong> see their teaching timetable, ready between rooms.
          </li>
          <li>
            <strong>Everyone</strong> finds the university’s digital platforms in one place, keeps favourites and can
            choose to receive notifications.
          </li>
          <li>
            <strong>Administrators</strong> manage links, categories, rules, directory groups and notifications.
          </li>
        </ul>
        <p>
          Campus Companion is made for patchy campus Wi-Fi. What you have already seen opens without a signal, and
          changes you make while offline, such as favourites, are sent when you are back online. You can install it
          from your browser’s menu (‘Install app’ or ‘Add to Home Screen’) to open it like any other app.
        </p>

        <h2>Guided tour</h2>
        <p>A few steps that show where everything is in the menu.</p>
        <p>
          <RestartTourButton />
        </p>

        <h2>Getting help</h2>
        <p>
          If something is not working, contact the {contacts.serviceDesk.name} at <MailLink contact={contacts.serviceDesk} />.
          It helps to say which version you are using (shown above), which device and browser, and what you were doing.
        </p>
        <p>
          For questions about your attendance, absences or enrolment, contact your school office. For an accessibility
          problem, see the accessibility statement in these settings.
        </p>
      </div>
    </SettingsPage>
  );
}
