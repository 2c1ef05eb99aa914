import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from './queryClient';

/**
 * Gives the online-only screens below it the app's one query client (queryClient.ts). Put where
 * such a screen's lazy chunk starts: the admin area's layout, the staff areas' layout route, the
 * register page, a lazily loaded widget. Providers of the same client may nest; they share a cache.
 */
export function ServerStateProvider({ children }: { readonly children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A layout route (routes.tsx) whose pages are online-only screens. */
export function ServerStateLayout() {
  return (
    <ServerStateProvider>
      <Outlet />
    </ServerStateProvider>
  );
}
