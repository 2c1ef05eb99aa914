import { contacts, MailLink } from './contacts';
import { SettingsPage } from './SettingsPage';

/** The terms of use, in plain English. */
export function TermsPage() {
  return (
    <SettingsPage intro="The rules for using Campus Companion. By signing in, you agree to them.">
      <div className="prose">
        <h2>Who can use it</h2>
        <p>Current students and staff of the university, signed in with their own university account.</p>

        <h2>Your account</h2>
        <ul>
          <li>Keep your sign-in details to yourself, and do not let anyone else use the app as you.</li>
          <li>Sign out when you finish on a shared or public device.</li>
        </ul>

        <h2>Using it fairly</h2>
        <ul>
          <li>Do not try to see anyone else’s information or get round the app’s security.</li>
          <li>Do not overload or disrupt the app, for example with automated requests.</li>
          <li>The university’s IT regulations and its student and staff regulations still apply.</li>
        </ul>

        <h2>Your information</h2>
        <ul>
          <li>
            Timetables and attendance come from the university’s records, which remain the official version. Offline, the
            app shows the copy it last saved, with the time it was updated.
          </li>
          <li>
            An absence request is a request, not an approval. Give honest information and genuine evidence: false claims
            may be handled under the university’s regulations.
          </li>
          <li>If something looks wrong, contact your school office.</li>
        </ul>

        <h2>Availability and changes</h2>
        <p>
          We work to keep the app running, but it may sometimes be unavailable, for example during maintenance. We improve
          the app over time and may update these terms; we will tell you in the app about any important change.
        </p>

        <h2>Questions</h2>
        <p>
          Contact the {contacts.serviceDesk.name} at <MailLink contact={contacts.serviceDesk} />.
        </p>
      </div>
    </SettingsPage>
  );
}
