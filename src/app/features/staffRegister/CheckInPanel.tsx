import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { ClassRegister } from '../../../shared/contract/staffRegister';
import { checkInCode, spacedCheckInCode } from '../../../shared/rules/checkInCode';
import { describeError, showErrorToast } from '../../api/errorHandler';
import { toast } from '../../ui/toast/toastStore';
import { type RegisterPhase } from './registerLabels';
import { useCheckInCode } from './useCheckInCode';
import { setCheckInRequirement } from './useRegister';
import './checkInPanel.css';

// The QR library loads only when a code is shown.
const CheckInQr = lazy(() => import('./CheckInQr'));

interface CheckInPanelProps {
  readonly register: ClassRegister;
  readonly phase: RegisterPhase;
  /** The server-adjusted time, ticking each second. */
  readonly nowMs: number;
  readonly onChanged: (register: ClassRegister) => void;
}

/**
 * Issue 31 §5 on the register page: whether the module asks students for a check-in code (the
 * lecturers the class lists may turn it on or off), and, while registration is open, the code to
 * project: six large digits and the same as a QR code, replaced every 30 seconds, with a button to
 * fill the screen with it.
 */
export function CheckInPanel({ register, phase, nowMs, onChanged }: CheckInPanelProps) {
  const id = useId();
  const [isSaving, setSaving] = useState(false);
  const isOn = register.requiresCheckInCode;
  const isShown = isOn && register.canChange && phase === 'open';

  const toggle = async (requiresCheckInCode: boolean) => {
    setSaving(true);
    try {
      onChanged(await setCheckInRequirement(register.rowId, requiresCheckInCode));
      toast.positive(requiresCheckInCode ? `Check-in code turned on for ${register.moduleCode}` : `Check-in code turned off for ${register.moduleCode}`);
    } catch (failure) {
      showErrorToast(failure);
    }
    setSaving(false);
  };

  return (
    <section className="card check-in-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Check-in code</h2>
      {register.canChange ? (
        <label className="check-in-panel__switch">
          <input type="checkbox" role="switch" checked={isOn} disabled={isSaving} onChange={(event) => void toggle(event.currentTarget.checked)} />
          <span>Students must enter the code shown here to register (every {register.moduleCode} class)</span>
        </label>
      ) : (
        <p>{isOn ? `Students of ${register.moduleCode} register with the code the class's lecturer shows.` : `${register.moduleCode} does not ask for a check-in code.`}</p>
      )}
      {isOn && register.canChange && !isShown && <p className="muted">The code shows here while registration is open.</p>}
      {isShown && <ProjectedCode eventRowId={register.rowId} nowMs={nowMs} />}
    </section>
  );
}

function ProjectedCode({ eventRowId, nowMs }: { readonly eventRowId: number; readonly nowMs: number }) {
  const { code, error } = useCheckInCode(eventRowId, true);
  const area = useRef<HTMLDivElement>(null);
  const [isFullScreen, setFullScreen] = useState(false);
  useEffect(() => {
    const changed = () => setFullScreen(document.fullscreenElement !== null && document.fullscreenElement === area.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);

  if (!code) {
    return error ? <p className="callout callout--negative" role="alert">{describeError(error, { getting: 'Check-in code' })}</p> : <p className="muted">Getting the code…</p>;
  }
  const secondsLeft = Math.max(0, Math.ceil((Date.parse(code.changesAt) - nowMs) / 1000));
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void area.current?.requestFullscreen?.();
  };
  return (
    <div ref={area} className="check-in-code">
      <p className="check-in-code__label">Check-in code</p>
      <p className="check-in-code__digits" data-code={code.code}>{spacedCheckInCode(code.code)}</p>
      <Suspense fallback={<div className="check-in-code__qr" />}>
        <CheckInQr code={code.code} />
      </Suspense>
      <p className="check-in-code__next">
        <span aria-hidden="true">New code in {secondsLeft} s</span>
        <span className="visually-hidden">
          A new code shows every {checkInCode.windowMs / 1000} seconds; each is accepted for {checkInCode.acceptedMs / 1000} seconds.
        </span>
      </p>
      {document.fullscreenEnabled && (
        <button type="button" className="button" onClick={toggleFullScreen}>
          {isFullScreen ? 'Leave full screen' : 'Show full screen'}
        </button>
      )}
    </div>
  );
}
