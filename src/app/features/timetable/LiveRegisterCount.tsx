import { presentSummary } from '../staffRegister/registerLabels';
import { useRegister } from '../staffRegister/useRegister';
import { ServerStateProvider } from '../../serverState/ServerStateProvider';

/**
 * '12 of 23 registered' on the lecturer's card of a class that is on (issue 34 §1), live: the
 * register's own polling while the page is visible. Loaded lazily (only lecturers see it); says
 * nothing until the register has answered, and nothing offline. It shares the register page's
 * query (and its polling) through the app's query client, which this lazy chunk brings.
 */
export default function LiveRegisterCount({ eventRowId }: { readonly eventRowId: number }) {
  return (
    <ServerStateProvider>
      <LiveCount eventRowId={eventRowId} />
    </ServerStateProvider>
  );
}

function LiveCount({ eventRowId }: { readonly eventRowId: number }) {
  const { register } = useRegister(String(eventRowId));
  if (!register || register.isCancelled) return null;
  return (
    <span className="event__live-count" data-testid="live-register-count">
      {presentSummary(register)}
    </span>
  );
}
