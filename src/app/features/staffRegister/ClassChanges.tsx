import { useId, useState, type FormEvent } from 'react';
import { changeReasonMax, type ClassRegister, type MoveClassBody } from '../../../shared/contract/staffRegister';
import { isApiError } from '../../api/ApiError';
import { showErrorToast, type ErrorDetails } from '../../api/errorHandler';
import { DateField } from '../../ui/dateField/DateField';
import { TimeField } from '../../ui/timeField/TimeField';
import { toast } from '../../ui/toast/toastStore';
import { cancelClass, moveClass, useRoomOptions } from './classChanges.queries';
import { MoveClashDialog } from './MoveClashDialog';
import { fetchRegister } from './useRegister';
import '../../ui/field.css';
import './register.css';

interface ClassChangesProps {
  readonly register: ClassRegister;
  readonly onChanged: (register: ClassRegister) => void;
}

/** The class being changed: its start (London wall clock with an offset) and room. */
export interface ChangeableClass {
  readonly rowId: number;
  readonly startTime: string;
  readonly roomId: string | null;
  readonly roomName: string | null;
}

/** The register page's Move and Cancel: after a change, the register is loaded again. */
export function ClassChanges({ register, onChanged }: ClassChangesProps) {
  const reloadRegister = async () => onChanged(await fetchRegister(register.rowId));
  return <MoveOrCancelClass target={register} onChanged={reloadRegister} />;
}

interface MoveOrCancelClassProps {
  readonly target: ChangeableClass;
  /** Called after a successful move or cancellation, to load what changed. */
  readonly onChanged: () => Promise<void>;
  /** The section's heading; 'Move or cancel this class' by default. */
  readonly heading?: string;
}

/**
 * Move a class (a new date, time and/or room) or cancel it, for its lecturer (register page) or an
 * administrator (admin Classes page). Both tell its students and staff (the server sends the
 * notifications); the timetable reloads through the routes' `invalidates`. Times are the
 * university's wall clock, as the server sends them.
 */
export function MoveOrCancelClass({ target, onChanged, heading = 'Move or cancel this class' }: MoveOrCancelClassProps) {
  const id = useId();
  const [date, setDate] = useState<string | null>(target.startTime.slice(0, 10));
  const [time, setTime] = useState(target.startTime.slice(11, 16));
  const [roomId, setRoomId] = useState(target.roomId ?? '');
  const [reason, setReason] = useState('');
  const [clashes, setClashes] = useState<readonly string[]>();
  const rooms = useRoomOptions().data ?? [];
  const [errors, setErrors] = useState<ErrorDetails>();
  const [isMoving, setMoving] = useState(false);
  const [isConfirmingCancel, setConfirmingCancel] = useState(false);
  const [isCancelling, setCancelling] = useState(false);

  const moveBody = (): MoveClassBody => ({
    newStart: `${date ?? ''}T${time}:00`,
    ...(roomId && roomId !== target.roomId ? { roomId } : {}),
    ...(reason.trim() ? { reason: reason.trim() } : {}),
  });

  const send = async (body: MoveClassBody) => {
    const result = await moveClass(target.rowId, body);
    toast.positive(result.notified > 0 ? 'Class moved; its students and staff have been told' : 'The class is already at that time and place');
    await onChanged();
  };

  /** The move; a clash (409 with its list) opens the warning, which can send it again accepting them. */
  const move = async (event: FormEvent) => {
    event.preventDefault();
    setMoving(true);
    setErrors(undefined);
    try {
      await send(moveBody());
    } catch (failure) {
      const clashList = isApiError(failure) && failure.status === 409 ? failure.errors.clashes : undefined;
      if (clashList && clashList.length > 0) setClashes(clashList);
      else setErrors(showErrorToast(failure));
    }
    setMoving(false);
  };

  const cancel = async () => {
    setCancelling(true);
    try {
      await cancelClass(target.rowId);
      toast.positive('Class cancelled; its students and staff have been told');
      await onChanged();
    } catch (failure) {
      showErrorToast(failure);
    }
    setCancelling(false);
    setConfirmingCancel(false);
  };

  const fieldErrors = errors?.errors ?? {};
  const startErrors = fieldErrors.newStart ?? [];
  const roomErrors = fieldErrors.roomId ?? [];

  return (
    <section className="card register__changes" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} tabIndex={-1}>{heading}</h2>
      <form className="register__move" onSubmit={(event) => void move(event)} noValidate>
        <DateField label="New date" value={date} onChange={setDate} isRequired errorMessage={startErrors.join(' ') || undefined} />
        <TimeField label="New start time" value={time} onChange={setTime} isRequired />
        <div className="register__field">
          <label htmlFor={`${id}-room`}>Room</label>
          <select id={`${id}-room`} value={roomId} onChange={(e) => setRoomId(e.target.value)}
            aria-invalid={roomErrors.length > 0} aria-describedby={roomErrors.length > 0 ? `${id}-room-error` : undefined}>
            {target.roomId === null && <option value="">Online</option>}
            {target.roomId !== null && !rooms.some((room) => room.roomId === target.roomId) && (
              <option value={target.roomId}>{target.roomName ?? target.roomId}</option>
            )}
            {rooms.map((room) => <option key={room.roomId} value={room.roomId}>{room.roomName} ({room.roomId})</option>)}
          </select>
        </div>
        <div className="register__field register__field--wide">
          <label htmlFor={`${id}-reason`}>Reason (optional, told to the students)</label>
          <input id={`${id}-reason`} value={reason} maxLength={changeReasonMax} onChange={(e) => setReason(e.target.value)} />
        </div>
        {errors && startErrors.length > 0 && <p role="alert" className="register__error">{errors.message}</p>}
        {roomErrors.length > 0 && <p id={`${id}-room-error`} className="register__error">{roomErrors.join(' ')}</p>}
        <button type="submit" className="button button--primary" disabled={isMoving || !date || !time}>
          {isMoving ? 'Moving class…' : 'Move class'}
        </button>
      </form>
      <MoveClashDialog clashes={clashes} onClose={() => setClashes(undefined)} onConfirm={() => send({ ...moveBody(), confirmClashes: true })} />
      {isConfirmingCancel ? (
        <div className="register__confirm" role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>Cancel this class? Its students and staff will be told.</p>
          <button type="button" className="button button--primary" disabled={isCancelling} onClick={() => void cancel()}>
            {isCancelling ? 'Cancelling class…' : 'Yes, cancel class'}
          </button>
          <button type="button" className="button" disabled={isCancelling} onClick={() => setConfirmingCancel(false)}>Keep class</button>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => setConfirmingCancel(true)}>Cancel class</button>
      )}
    </section>
  );
}
