import { useState } from 'react';
import { useLocation } from 'react-router';
import { signInHref } from '../../routing/returnTo';
import { BrandMark } from '../../ui/BrandMark';
import { DocumentTitle } from '../../ui/DocumentTitle';
import { SkipLink } from '../../ui/SkipLink';
import { landingFeatures } from './features';

/**
 * The only page for signed-out visitors. Sign-in is the server's job, so it is a full page link,
 * carrying the page the visitor asked for (`?returnTo=`, set by the route guards) and whether to
 * keep the session beyond the browser (ticked by default in the installed app, not in a tab).
 */
export function LandingPage() {
  const { search } = useLocation();
  // Not installEnvironment's isStandalone: importing it here pulls more into the entry chunk.
  const [isKept, setIsKept] = useState(() => matchMedia('(display-mode: standalone)').matches);
  return (
    <div className="landing">
      <DocumentTitle label="Welcome" />
      <SkipLink />
      <header className="landing__header">
        <span className="brand">
          <BrandMark size={36} />
          <span className="brand__name">Campus Companion</span>
        </span>
      </header>
      <main id="main" className="landing__main" tabIndex={-1}>
        <section className="hero" aria-labelledby="landing-heading">
          <h1 id="landing-heading" className="hero__title">
            Your university day, in your pocket
          </h1>
          <p className="hero__lead">
            Campus Companion brings your timetable, attendance and campus resources together, and keeps
            working on patchy Wi-Fi, in lecture halls and on the train.
          </p>
          <label className="hero__keep">
            <input type="checkbox" checked={isKept} onChange={(event) => setIsKept(event.target.checked)} />
            Keep me signed in on this device
          </label>
          <a className="button button--primary button--large" href={signInHref(search, window.location.origin, isKept)}>
            Sign in
          </a>
          <p className="hero__note">Use your university account.</p>
        </section>
        <section className="features" aria-labelledby="features-heading">
          <h2 id="features-heading" className="visually-hidden">
            What you can do
          </h2>
          <ul className="features__list">
            {landingFeatures.map((feature) => (
              <li key={feature.title} className="card feature">
                <h3 className="feature__title">{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="landing__footer">
        <p>For students, teaching staff and administrators.</p>
      </footer>
    </div>
  );
}
