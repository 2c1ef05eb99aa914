import { appVersion } from './appVersion';
import { contacts, MailLink } from './contacts';
import { SettingsPage } from './SettingsPage';

/** The accessibility statement: the target, what works, and how to report a problem. */
export function AccessibilityPage() {
  return (
    <SettingsPage intro="We want everyone who studies or works at the university to be able to use Campus Companion.">
      <div className="prose">
        <h2>What you can expect</h2>
        <ul>
          <li>Use every screen with a keyboard alone. ‘Skip to main content’ is the first link on each page.</li>
          <li>Use it with a screen reader such as NVDA, JAWS, VoiceOver or TalkBack.</li>
          <li>Zoom in up to 400% without text disappearing off the screen.</li>
          <li>Follow your device’s dark mode, or choose a theme, corner style and font under Appearance.</li>
          <li>Turn off sliding animations by switching on ‘reduce motion’ in your device’s settings.</li>
        </ul>

        <h2>How accessible this app is</h2>
        <p>
          We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA. Text has a contrast ratio of at
          least 4.5:1 in both themes, every control has a visible focus outline and a name that screen readers announce,
          and notifications are read out as they appear. Every screen is checked with automated tests before release
          and by hand with a keyboard and a screen reader.
        </p>
        <p>
          Parts of the app are still being built. Each new part is checked in the same way, but if you find something
          that does not work for you, please tell us.
        </p>

        <h2>Reporting a problem</h2>
        <p>
          Email the {contacts.accessibility.name} at <MailLink contact={contacts.accessibility} />. Tell us the page, what
          you were trying to do and the device or assistive technology you use. We aim to reply within 5 working days.
          If you need information from the app in another format, such as large print or audio, ask us in the same way.
        </p>

        <h2>Enforcement procedure</h2>
        <p>
          The Equality and Human Rights Commission (EHRC) is responsible for enforcing the Public Sector Bodies (Websites
          and Mobile Applications) (No. 2) Accessibility Regulations 2018. If you are not happy with how we respond to
          your complaint, contact the Equality Advisory and Support Service (EASS).
        </p>
        <p className="muted">This statement was last reviewed for version {appVersion}.</p>
      </div>
    </SettingsPage>
  );
}
