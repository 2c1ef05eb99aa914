import dayjs from 'dayjs';
import { useId, useState, type FormEvent } from 'react';
import type { ServiceStatus } from '../../../shared/contract/realtime';
import { describeError } from '../../api/errorHandler';
import { formatDayAndTime, fromDateAndTime, toDateAndTime, type DateAndTime } from '../../format/dateTime';
import { DateField } from '../../ui/dateField/DateField';
import { TimeField } from '../../ui/timeField/TimeField';
import { serverNow } from '../timetable/serverClock';
import { isApiError } from '../../api/ApiError';
import { stateLabels } from '../serviceStatus/status.rules';
import { toast } from '../../ui/toast/toastStore';
import { useClearMaintenance, useServiceStatuses, useSetMaintenance } from './adminStatus.queries';
import '../../ui/field.css';
import './adminStatus.css';

/** The end a new maintenance window starts with: the next full hour, plus one (on the server's time). */
function untilOf(service: ServiceStatus): DateAndTime {
  return toDateAndTime(service.maintenance?.until ?? dayjs(serverNow()).add(2, 'hour').startOf('hour'));
}

const untilMissing = 'Choose the day and the time maintenance ends.';

function MaintenanceForm({ service }: { readonly service: ServiceStatus }) {
  const [message, setMessage] = useState(service.maintenance?.message ?? '');
  const [untilDate, setUntilDate] = useState(() => untilOf(service).date);
  const [untilTime, setUntilTime] = useState(() => untilOf(service).time);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const setMaintenance = useSetMaintenance();
  const clearMaintenance = useClearMaintenance();
  const isBusy = setMaintenance.isPending || clearMaintenance.isPending;
  const id = useId();

  // Saved, the list is fetched again (adminStatus.queries.ts) and this form starts afresh from it.
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (untilDate === '' || untilTime === '') {
      setErrors({ until: [untilMissing] });
      return;
    }
    setMaintenance.mutate(
      { serviceId: service.id, message, until: fromDateAndTime({ date: untilDate, time: untilTime }) },
      {
        onSuccess: () => {
          setErrors({});
          toast.positive(`${service.name} is now shown as under maintenance.`);
        },
        onError: (error) => {
          setErrors(isApiError(error) ? error.errors : {});
          toast.negative(describeError(error));
        },
      },
    );
  };

  const clear = () => {
    clearMaintenance.mutate(service.id, {
      onSuccess: () => toast.positive(`Maintenance for ${service.name} has ended.`),
      onError: (error) => toast.negative(describeError(error)),
    });
  };

  return (
    <form className="admin-status__form" onSubmit={save} aria-label={`Maintenance for ${service.name}`} noValidate>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-message`}>Message for users</label>
        <input id={`${id}-message`} className="form-field__input" value={message} maxLength={500} required onChange={(event) => setMessage(event.target.value)} aria-invalid={errors.message ? true : undefined} aria-describedby={errors.message ? `${id}-message-error` : undefined} />
        {errors.message && <p id={`${id}-message-error`} className="form-field__error">{errors.message.join(' ')}</p>}
      </div>
      <div className="admin-status__until">
        <DateField label="Until" value={untilDate === '' ? null : untilDate} onChange={(date) => setUntilDate(date ?? '')} isRequired errorMessage={errors.until?.join(' ')} />
        <TimeField label="Time" value={untilTime} onChange={setUntilTime} isRequired />
      </div>
      <div className="admin-status__actions">
        <button type="submit" className="button button--primary" disabled={isBusy}>
          {service.maintenance ? 'Update maintenance' : 'Set maintenance'}
        </button>
        {service.maintenance && (
          <button type="button" className="button" disabled={isBusy} onClick={clear}>
            End maintenance
          </button>
        )}
      </div>
    </form>
  );
}

/** Administrators see every monitored service and set or end its maintenance window. */
export function AdminStatusPage() {
  const statuses = useServiceStatuses();
  const services = statuses.data;
  const loadError = statuses.error ? describeError(statuses.error, { getting: 'Service status' }) : undefined;

  return (
    <div className="page admin-status">
      <h1>Service status</h1>
      <p>Set a maintenance window to tell users a service is down on purpose; it ends by itself at the time you give.</p>
      {loadError && <p role="alert">{loadError}</p>}
      {services?.length === 0 && <p>No services are monitored. Set STATUS_CHECKS or PINGDOM_API_TOKEN on the server.</p>}
      {services && services.length > 0 && (
        <ul className="admin-status__list">
          {services.map((service) => (
            <li key={`${service.id}:${service.maintenance?.until ?? ''}`} className="admin-status__service">
              <h2>{service.name}</h2>
              <p>
                {stateLabels[service.state]}
                {service.maintenance && <> until {formatDayAndTime(service.maintenance.until)}: {service.maintenance.message}</>}
              </p>
              <MaintenanceForm service={service} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
