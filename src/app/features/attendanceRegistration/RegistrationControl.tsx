import CheckInCodeForm from './CheckInCodeForm';
import { RegisterButton } from './RegisterButton';

export interface RegistrationControlProps {
  readonly timetableEntryRowId: number;
  /** Describes the session for screen readers, e.g. 'CS2041 Lab at 09:00'. */
  readonly sessionLabel: string;
  /** The class asks for the code its lecturer projects (issue 31 §5). */
  readonly requiresCheckInCode: boolean;
}

/**
 * What registers a student at a class whose window is open: 'Register attendance', or, when the
 * class asks for one, the check-in code's field. Loaded lazily by `RegistrationAction`.
 */
export default function RegistrationControl({ timetableEntryRowId, sessionLabel, requiresCheckInCode }: RegistrationControlProps) {
  return requiresCheckInCode
    ? <CheckInCodeForm timetableEntryRowId={timetableEntryRowId} sessionLabel={sessionLabel} />
    : <RegisterButton timetableEntryRowId={timetableEntryRowId} isAttendanceMonitored sessionLabel={sessionLabel} />;
}
