import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { RegisterStudent } from '../../../shared/contract/staffRegister';
import { describeError, showErrorToast } from '../../api/errorHandler';
import { useCurrentRoute } from '../../routing/handle';
import { paths } from '../../routing/paths';
import { toast } from '../../ui/toast/toastStore';
import { useServerNow } from '../timetable/serverClock';
import { CheckInPanel } from './CheckInPanel';
import { ClassChanges } from './ClassChanges';
import { CloseRegisterDialog } from './CloseRegisterDialog';
import { OverrideDialog } from './OverrideDialog';
import { RegisterHistory } from './RegisterHistory';
import { canCloseNow, presentSummary, registerPhase, wallDate, wallTime, type RegisterPhase } from './registerLabels';
import { RegisterTable } from './RegisterTable';
import { ServerStateProvider } from '../../serverState/ServerStateProvider';
import { useMarkPresent, useRegister } from './useRegister';
import './register.css';

const phaseText: Record<RegisterPhase, (closes: string, closedAt: string | null) => string> = {
  cancelled: () => 'This class is cancelled.',
  notOpen: () => 'Registration has not opened yet.',
  open: (closes) => `Registration is open until ${closes}.`,
  closing: () => 'Registration has closed; the records are being written.',
  closed: (_closes, closedAt) => `Register closed at ${closedAt ?? ''}.`,
};

/**
 * /timetable/register/:eventRowId: a lecturer's live register of a class they teach. Online only:
 * it reads and writes through the app's query client (serverState/), loaded with this page.
 */
export function RegisterPage() {
  return (
    <ServerStateProvider>
      <Register />
    </ServerStateProvider>
  );
}

function Register() {
  const { eventRowId = '' } = useParams();
  const title = useCurrentRoute()?.title ?? 'Class register';
  const { register, error, replace } = useRegister(eventRowId);
  const sendPresent = useMarkPresent(eventRowId);
  const [busy, setBusy] = useState<string>();
  const [isConfirmingClose, setConfirmingClose] = useState(false);
  const [overriding, setOverriding] = useState<RegisterStudent>();
  const nowMs = useServerNow();

  if (!register) {
    return (
      <div className="page register">
        <h1>{title}</h1>
        {error ? (
          <p className="card callout callout--negative" role="alert">{describeError(error, { getting: 'Register' })}</p>
        ) : (
          <p className="muted">Loading the register…</p>
        )}
        <p><Link to={paths.timetableHome}>Back to timetable</Link></p>
      </div>
    );
  }

  const phase = registerPhase(register, nowMs);
  const isClosed = register.closedAt !== null;

  const markPresent = async (student: RegisterStudent) => {
    // After close it changes a final record: the lecturer says why first.
    if (isClosed) {
      setOverriding(student);
      return;
    }
    setBusy(`mark-${student.userId}`);
    try {
      await sendPresent(student.userId);
      toast.positive(`${student.displayName} marked present`);
    } catch (failure) {
      showErrorToast(failure);
    }
    setBusy(undefined);
  };

  return (
    <div className="page register">
      <header className="page__intro">
        <h1>{title}</h1>
        <p className="register__class">
          <strong>{register.moduleCode} {register.moduleName}</strong>, {register.eventType}
        </p>
        <p className="register__when">
          <time dateTime={register.startTime}>{wallDate(register.startTime)} {wallTime(register.startTime)}</time>
          {' · '}
          {register.roomName ?? register.roomId ?? 'Online'}
        </p>
      </header>

      <section className="card register__status" aria-labelledby="register-status-heading">
        <h2 id="register-status-heading" className="visually-hidden">Register status</h2>
        <p role="status">
          {phaseText[phase](wallTime(register.registrationCloses), register.closedAt ? wallTime(register.closedAt) : null)}{' '}
          {!register.isCancelled && presentSummary(register)}
        </p>
        {(phase === 'open' || phase === 'closing') && canCloseNow(register, nowMs) && (
          <button type="button" className="button button--primary" disabled={busy !== undefined} onClick={() => setConfirmingClose(true)}>
            Close register now
          </button>
        )}
        {!register.canChange && !register.isCancelled && (
          <p className="muted">Only the lecturers this class lists can close its register, move it or cancel it.</p>
        )}
      </section>

      {!register.isCancelled && register.isMonitored && (
        <CheckInPanel register={register} phase={phase} nowMs={nowMs} onChanged={replace} />
      )}

      <section className="register__students" aria-labelledby="register-students-heading">
        <h2 id="register-students-heading">Students</h2>
        {register.students.length === 0 ? (
          <p className="muted">No students are enrolled on this class.</p>
        ) : (
          <RegisterTable register={register} nowMs={nowMs} busy={busy} onMarkPresent={(student) => void markPresent(student)} />
        )}
      </section>

      <RegisterHistory history={register.history} />
      {!register.isCancelled && register.canChange && <ClassChanges register={register} onChanged={replace} />}
      <CloseRegisterDialog register={register} isOpen={isConfirmingClose} onClose={() => setConfirmingClose(false)} onClosed={replace} />
      <OverrideDialog register={register} student={overriding} onClose={() => setOverriding(undefined)} onChanged={replace} />
      <p><Link to={paths.timetableHome}>Back to timetable</Link></p>
    </div>
  );
}
