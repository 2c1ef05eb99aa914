import { useEffect, useId, useState, type FormEvent } from 'react';
import { cancelClassRoute } from '../../../shared/contract/admin';
import { getRegisterRoute, moveClassRoute, roomOptionsRoute, type ClassRegister } from '../../../shared/contract/staffRegister';
import { callApi } from '../../api/client';
import { showErrorToast, type ErrorDetails } from '../../api/errorHandler';
import { toast } from '../../ui/toast/toastStore';

interface ClassChangesProps {
  readonly register: ClassRegister;
  readonly onChanged: (register: ClassRegister) => void;
}

interface RoomOption {
  readonly roomId: string;
  readonly roomName: string;
}

/**
 * Move the class (a new date, time and/or room) or cancel it. Both tell its students and staff
 * (the server sends the notifications); the timetable reloads through the routes' `invalidates`.
 * Times are the university's wall clock, as the register shows them.
 */
export function ClassChanges({ register, onChanged }: ClassChangesProps) {
  const id = useId();
  const [date, setDate] = useState(register.startTime.slice(0, 10));
  const [time, setTime] = useState(register.startTime.slice(11, 16));
  const [roomId, setRoomId] = useState(register.roomId ?? '');
  const [rooms, setRooms] = useState<readonly RoomOption[]>([]);
  const [errors, setErrors] = useState<ErrorDetails>();
  const [isMoving, setMoving] = useState(false);
  const [isConfirmingCancel, setConfirmingCancel] = useState(false);
  const [isCancelling, setCancelling] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    callApi(roomOptionsRoute, { signal: controller.signal }).then(setRooms, () => undefined);
    return () => controller.abort();
  }, []);

  const reloadRegister = async () => onChanged(await callApi(getRegisterRoute, { params: { eventRowId: register.rowId } }));

  const move = async (event: FormEvent) => {
    event.preventDefault();
    setMoving(true);
    setErrors(undefined);
    try {
      const body = { newStart: `${date}T${time}:00`, ...(roomId && roomId !== register.roomId ? { roomId } : {}) };
      const result = await callApi(moveClassRoute, { params: { rowId: register.rowId }, body });
      toast.positive(result.notified > 0 ? 'Class moved; its students and staff have been told' : 'The class is already at that time and place');
      await reloadRegister();
    } catch (failure) {
      setErrors(showErrorToast(failure));
    }
    setMoving(false);
  };

  const cancel = async () => {
    setCancelling(true);
    try {
      await callApi(cancelClassRoute, { params: { rowId: register.rowId } });
      toast.positive('Class cancelled; its students and staff have been told');
      await reloadRegister();
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
      <h2 id={`${id}-heading`}>Move or cancel this class</h2>
      <form className="register__move" onSubmit={(event) => void move(event)} noValidate>
        <div className="register__field">
          <label htmlFor={`${id}-date`}>New date</label>
          <input id={`${id}-date`} type="date" required value={date} onChange={(e) => setDate(e.target.value)}
            aria-invalid={startErrors.length > 0} aria-describedby={startErrors.length > 0 ? `${id}-start-error` : undefined} />
        </div>
        <div className="register__field">
          <label htmlFor={`${id}-time`}>New start time</label>
          <input id={`${id}-time`} type="time" required value={time} onChange={(e) => setTime(e.target.value)}
            aria-invalid={startErrors.length > 0} aria-describedby={startErrors.length > 0 ? `${id}-start-error` : undefined} />
        </div>
        <div className="register__field">
          <label htmlFor={`${id}-room`}>Room</label>
          <select id={`${id}-room`} value={roomId} onChange={(e) => setRoomId(e.target.value)}
            aria-invalid={roomErrors.length > 0} aria-describedby={roomErrors.length > 0 ? `${id}-room-error` : undefined}>
            {register.roomId === null && <option value="">Online</option>}
            {register.roomId !== null && !rooms.some((room) => room.roomId === register.roomId) && (
              <option value={register.roomId}>{register.roomName ?? register.roomId}</option>
            )}
            {rooms.map((room) => <option key={room.roomId} value={room.roomId}>{room.roomName} ({room.roomId})</option>)}
          </select>
        </div>
        {startErrors.length > 0 && <p id={`${id}-start-error`} className="register__error">{startErrors.join(' ')}</p>}
        {roomErrors.length > 0 && <p id={`${id}-room-error`} className="register__error">{roomErrors.join(' ')}</p>}
        <button type="submit" className="button button--primary" disabled={isMoving || !date || !time}>
          {isMoving ? 'Moving class…' : 'Move class'}
        </button>
      </form>
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
