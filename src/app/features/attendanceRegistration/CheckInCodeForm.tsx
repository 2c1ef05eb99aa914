import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { checkInCode, isCheckInCodeShaped, normaliseCheckInCode } from '../../../shared/rules/checkInCode';
import { toast } from '../../ui/toast/toastStore';
import { serviceStatusStore } from '../serviceStatus/serviceStatusStore';
import { problemFor, registrationProblemNotice } from '../serviceStatus/status.rules';
import { registeredMessage, runRegistration, type RegistrationPorts } from './registrationFlow';
import { apiRegistrationPorts } from './registrationPorts';

// The camera, and the detector with it, load only when the student asks to scan.
const QrScanDialog = lazy(() => import('./QrScanDialog'));

export interface CheckInCodeFormProps {
  readonly timetableEntryRowId: number;
  /** Describes the session, e.g. 'CS2041 Lab at 09:00'. */
  readonly sessionLabel: string;
  /** The network check and the PUT; tests pass fakes. */
  readonly ports?: RegistrationPorts;
}

const emptyMessage = 'Enter the 6-digit check-in code your lecturer is showing.';
const shapeMessage = 'A check-in code is 6 digits, such as 482 913.';

/** Whether the browser could scan a QR code with the camera (the Shape Detection API's BarcodeDetector). */
const canScanQrCodes = (): boolean => 'BarcodeDetector' in globalThis && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * Issue 31 §5: registering at a class whose module asks for the check-in code the lecturer
 * projects. The student types the code (always possible) or, where the browser has a
 * `BarcodeDetector` and a camera, scans the QR code. The server judges the code; a refusal shows
 * beside the field (wrong, expired, off campus), and focus goes back to the field to try again.
 * Loaded lazily (`RegistrationAction`), so the timetable's first paint does not carry it; its
 * styles are in timetable.css (`.check-in`), beside the card's.
 */
export default function CheckInCodeForm({ timetableEntryRowId, sessionLabel, ports = apiRegistrationPorts }: CheckInCodeFormProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [isScanning, setScanning] = useState(false);
  const [canScan] = useState(canScanQrCodes);

  const refuse = (message: string) => {
    setProblem(message);
    input.current?.focus();
  };

  const send = async (text: string): Promise<void> => {
    const code = normaliseCheckInCode(text);
    if (!isCheckInCodeShaped(code)) {
      refuse(code === '' ? emptyMessage : shapeMessage);
      return;
    }
    setProblem(undefined);
    setState('busy');
    // SPEC §4: the network is checked first (the eduroam message), then the server judges the code.
    const outcome = await runRegistration({ timetableEntryRowId, isAttendanceMonitored: true, checkInCode: code }, ports);
    if (outcome.isRegistered) {
      toast.positive(registeredMessage);
      setState('done');
      return;
    }
    setState('idle');
    refuse(outcome.messages.join(' '));
    // When the status feed knows the attendance service is in trouble, say so: it is not the student's doing.
    const trouble = problemFor(serviceStatusStore.get().statuses, 'attendance');
    if (trouble) toast.negative(registrationProblemNotice(trouble));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(typed);
  };

  const scanned = (code: string) => {
    setScanning(false);
    setTyped(code);
    void send(code);
  };

  if (state === 'done') return <span className="registration registration--done">Registered</span>;
  const isBusy = state === 'busy';
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <form className="check-in" data-primary-action onSubmit={submit} noValidate aria-label={`Register attendance: ${sessionLabel}`}>
      <div className="check-in__field">
        <label className="check-in__label" htmlFor={`${id}-code`}>
          Check-in code<span className="visually-hidden"> for {sessionLabel}</span>
        </label>
        <p id={hintId} className="check-in__hint">The 6 digits your lecturer is showing</p>
        <input
          ref={input}
          id={`${id}-code`}
          className="check-in__input"
          value={typed}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={checkInCode.digits + 2}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => setTyped(event.target.value)}
        />
        {problem && <p id={errorId} className="check-in__error" role="alert">{problem}</p>}
      </div>
      <div className="check-in__actions">
        <button type="submit" className="button button--primary registration__button" disabled={isBusy}>
          {isBusy ? 'Registering…' : 'Register attendance'}
        </button>
        {canScan && (
          <button type="button" className="button" disabled={isBusy} onClick={() => setScanning(true)}>
            Scan the QR code
          </button>
        )}
      </div>
      {isScanning && (
        <Suspense fallback={null}>
          <QrScanDialog onCode={scanned} onClose={() => setScanning(false)} />
        </Suspense>
      )}
    </form>
  );
}
