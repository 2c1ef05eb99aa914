import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from './features/errors/NotFoundPage';
import { RouteErrorPage } from './features/errors/RouteErrorPage';
import { UnauthorizedPage } from './features/errors/UnauthorizedPage';
import { HomePage } from './features/home/HomePage';
import { LandingPage } from './features/landing/LandingPage';
import { AppShell } from './layout/AppShell';
import { landingLoader, rootLoader, sessionLoader, sessionRouteId } from './routing/loaders';
import { LoadingScreen } from './ui/LoadingScreen';

/**
 * The route tree (SPEC §2). Everything except /landing and the error pages sits under the
 * session route, whose loader sends anonymous visitors to /landing.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, loader: rootLoader },
      { path: 'landing', loader: landingLoader, element: <LandingPage /> },
      { path: 'unauthorized', element: <UnauthorizedPage /> },
      {
        id: sessionRouteId,
        loader: sessionLoader,
        element: <AppShell />,
        children: [{ path: 'home', element: <HomePage /> }],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
