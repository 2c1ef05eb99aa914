import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { describeError } from '../api/errorHandler';
import { isApiError } from '../api/ApiError';
import { paths } from '../routing/paths';

function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
}

function explain(error: unknown): string {
  if (isChunkLoadFailure(error)) {
    return 'This page could not be loaded. Check your connection, then try again.';
  }
  if (isRouteErrorResponse(error)) return `Code ${error.status}: ${error.statusText}`;
  return describeError(error);
}

/** A page that failed to load or render, shown inside the shell so the menu stays usable. */
export function PageError() {
  const error = useRouteError();
  if (!isApiError(error) && !isChunkLoadFailure(error)) console.error(error);
  return (
    <div className="page">
      <header className="page__intro">
        <h1>Something went wrong</h1>
      </header>
      <div className="card callout callout--negative">
        <p>{explain(error)}</p>
        <div className="callout__actions">
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Try again
          </button>
          <Link className="button" to={paths.home}>
            Back to Home
          </Link>
        </div>
      </div>
    </div>
  );
}
