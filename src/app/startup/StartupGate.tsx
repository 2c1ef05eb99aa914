import { useEffect, useState, type ReactNode } from 'react';
import { applyPreferencesFromCookies } from '../features/preferences/applyPreferences';
import { usePreferenceSync } from '../features/preferences/usePreferenceSync';
import { onWriteRefused, refusalNotice } from '../sync/writeRefusals';
import { useActiveUser } from '../sync/useActiveUser';
import { useResourceRow } from '../sync/useResourceRow';
import { toast } from '../ui/toast/toastStore';
import { startSignedInSession } from './startSession';
import { StartupOverlay } from './StartupOverlay';
import { profileResource } from './userResources';
import './startup.css';

// This device's last choice, before any database opens (main.tsx should do it even earlier).
applyPreferencesFromCookies();

/**
 * Runs the signed-in start-up (SPEC §7) and keeps preferences applied. While the profile has never
 * been loaded on this device and its first load is under way, a full-screen overlay covers the
 * app (made inert). With a cached profile, e.g. offline, nothing blocks.
 */
export function StartupGate({ children }: { readonly children: ReactNode }) {
  const user = useActiveUser();
  const profileRow = useResourceRow(profileResource.key);
  const [settledUserId, setSettledUserId] = useState<string>();
  usePreferenceSync();

  useEffect(() => {
    if (!user) return;
    let isCurrent = true;
    void startSignedInSession(user).profile.finally(() => {
      if (isCurrent) setSettledUserId(user.userId);
    });
    return () => {
      isCurrent = false;
    };
  }, [user]);

  useEffect(() => onWriteRefused((refusal) => toast.negative(refusalNotice(refusal))), []);

  const isBlocking = user !== null && profileRow === null && settledUserId !== user.userId;
  return (
    <>
      <div className="startup-gate" inert={isBlocking} aria-busy={isBlocking || undefined}>
        {children}
      </div>
      {isBlocking && <StartupOverlay />}
    </>
  );
}
