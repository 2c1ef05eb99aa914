import { useState } from 'react';
import { toast } from '../../ui/toast/toastStore';
import { serviceStatusStore } from '../serviceStatus/serviceStatusStore';
import { problemFor, registrationProblemNotice } from '../serviceStatus/status.rules';
import { registeredMessage, runRegistration, type RegistrationPorts } from './registrationFlow';
import { apiRegistrationPorts } from './registrationPorts';

interface RegisterButtonProps {
  readonly timetableEntryRowId: number;
  readonly isAttendanceMonitored: boolean;
  /** Describes the session for screen readers, e.g. 'CS2041 Lab at 09:00'. */
  readonly sessionLabel: string;
  readonly ports?: RegistrationPorts;
}

/** 'Register attendance' in the timetable's registration slot (SPEC §4 "Registering attendance"). */
export function RegisterButton({ timetableEntryRowId, isAttendanceMonitored, sessionLabel, ports = apiRegistrationPorts }: RegisterButtonProps) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');

  const register = async () => {
    setState('busy');
    const outcome = await runRegistration({ timetableEntryRowId, isAttendanceMonitored }, ports);
    if (outcome.isRegistered) {
      toast.positive(registeredMessage);
      setState('done');
      return;
    }
    for (const message of outcome.messages) toast.negative(message);
    // When the status feed knows the attendance service is in trouble, say so: it is not the user's doing.
    const problem = problemFor(serviceStatusStore.get().statuses, 'attendance');
    if (problem) toast.negative(registrationProblemNotice(problem));
    setState('idle');
  };

  if (state === 'done') return <span className="registration registration--done">Registered</span>;
  return (
    <button
      type="button"
      className="button button--primary registration__button"
      data-primary-action
      aria-label={`Register attendance: ${sessionLabel}`}
      disabled={state === 'busy'}
      onClick={() => void register()}
    >
      {state === 'busy' ? 'Registering…' : 'Register attendance'}
    </button>
  );
}
