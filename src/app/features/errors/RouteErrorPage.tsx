import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../../api/ApiError';
import { ErrorPage } from './ErrorPage';
import { NotFoundPage } from './NotFoundPage';
import { UnauthorizedPage } from './UnauthorizedPage';

function describe(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (isRouteErrorResponse(error)) return `Code ${error.status}: ${error.statusText}`;
  return 'Something unexpected happened while loading this page.';
}

/** The router's error element: known statuses get their page, anything else a retry. */
export function RouteErrorPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) || isApiError(error) ? error.status : undefined;
  if (status === 404) return <NotFoundPage />;
  if (status === 403) return <UnauthorizedPage />;
  if (!isApiError(error)) console.error(error);

  return (
    <ErrorPage
      title="Error"
      heading="Something went wrong"
      actions={
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try again
        </button>
      }
    >
      <p>{describe(error)}</p>
    </ErrorPage>
  );
}
