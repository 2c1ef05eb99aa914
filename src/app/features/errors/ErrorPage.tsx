import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths, type RouteName } from '../../routing/paths';
import { DocumentTitle } from '../../ui/DocumentTitle';
import { SkipLink } from '../../ui/SkipLink';

interface ErrorPageProps {
  readonly title: string;
  readonly heading: string;
  readonly children: ReactNode;
  /** Where 'Back to Home' goes (SPEC §2: a named route, home by default). */
  readonly backTo?: RouteName;
  readonly actions?: ReactNode;
}

/** The frame shared by the not-found, unauthorized and unexpected-error pages. */
export function ErrorPage({ title, heading, children, backTo = 'home', actions }: ErrorPageProps) {
  const navigate = useNavigate();
  return (
    <div className="error-page">
      <DocumentTitle label={title} />
      <SkipLink />
      <main id="main" className="error-page__main" tabIndex={-1}>
        <h1 className="error-page__heading">{heading}</h1>
        <div className="error-page__text">{children}</div>
        <div className="error-page__actions">
          <button type="button" className="button button--primary" onClick={() => void navigate(paths[backTo])}>
            Back to Home
          </button>
          {actions}
        </div>
      </main>
    </div>
  );
}
