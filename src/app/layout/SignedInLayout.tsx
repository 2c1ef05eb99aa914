import { ScrollRestoration } from 'react-router';
import { SessionController } from '../features/session/SessionController';
import { StatusFeedController } from '../features/serviceStatus/StatusFeedController';
import { StartupGate } from '../startup/StartupGate';
import { Toaster } from '../ui/toast/Toaster';
import { AppShell } from './AppShell';

/**
 * The lazily loaded root of the signed-in area: start-up, the session dialog, toasts and the
 * shell. Nothing here (or below) is part of the entry chunk.
 */
export function SignedInLayout() {
  return (
    <>
      <StartupGate>
        <AppShell />
      </StartupGate>
      <SessionController />
      <StatusFeedController />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
