import { useSignedInUser } from '../session/useSignedInUser';
import { startTour } from './tourLauncher';

/** Settings' way back into the guided tour. */
export function RestartTourButton() {
  const user = useSignedInUser();
  return (
    <button type="button" className="button" onClick={() => void startTour(user.userRoles)}>
      Take the guided tour
    </button>
  );
}
