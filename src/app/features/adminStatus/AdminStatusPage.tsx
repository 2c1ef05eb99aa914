import dayjs from 'dayjs';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { clearMaintenanceRoute, setMaintenanceRoute, statusListRoute, type ServiceStatus } from '../../../shared/contract/realtime';
import { callApi } from '../../api/client';
import { describeError } from '../../api/errorHandler';
import { isApiError } from '../../api/ApiError';
import { stateLabels } from '../serviceStatus/status.rules';
import { toast } from '../../ui/toast/toastStore';
import '../../ui/field.css';
import './adminStatus.css';

/** The end time a new maintenance window starts with: the next full hour, plus one. */
function defaultUntil(): string {
  return dayjs().add(2, 'hour').startOf('hour').format('YYYY-MM-DDTHH:mm');
}

function MaintenanceForm({ service, onSaved }: { readonly service: ServiceStatus; readonly onSaved: () => void }) {
  const [message, setMessage] = useState(service.maintenance?.message ?? '');
  const [until, setUntil] = useState(service.maintenance ? dayjs(service.maintenance.until).format('YYYY-MM-DDTHH:mm') : defaultUntil());
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [isBusy, setBusy] = useState(false);
  const id = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await callApi(setMaintenanceRoute, { params: { serviceId: service.id }, body: { message, until: dayjs(until).toISOString() } });
      setErrors({});
      toast.positive(`${service.name} is now shown as under maintenance.`);
      onSaved();
    } catch (error) {
      setErrors(isApiError(error) ? error.errors : {});
      toast.negative(describeError(error));
    } finally {
      setBusy(false);
    }
  };

  const clear = async () => {
    setBusy(true);
    try {
      await callApi(clearMaintenanceRoute, { params: { serviceId: service.id } });
      toast.positive(`Maintenance for ${service.name} has ended.`);
      onSaved();
    } catch (error) {
      toast.negative(describeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-status__form" onSubmit={(event) => void save(event)} aria-label={`Maintenance for ${service.name}`}>
      <label htmlFor={`${id}-message`}>Message for users</label>
      <input id={`${id}-message`} className="form-field__input" value={message} maxLength={500} required onChange={(event) => setMessage(event.target.value)} aria-invalid={errors.message ? true : undefined} aria-describedby={errors.message ? `${id}-message-error` : undefined} />
      {errors.message && <p id={`${id}-message-error`} className="form-field__error">{errors.message.join(' ')}</p>}
      <label htmlFor={`${id}-until`}>Until</label>
      <input id={`${id}-until`} className="form-field__input" type="datetime-local" value={until} required onChange={(event) => setUntil(event.target.value)} aria-invalid={errors.until ? true : undefined} aria-describedby={errors.until ? `${id}-until-error` : undefined} />
      {errors.until && <p id={`${id}-until-error`} className="form-field__error">{errors.until.join(' ')}</p>}
      <div className="admin-status__actions">
        <button type="submit" className="button button--primary" disabled={isBusy}>
          {service.maintenance ? 'Update maintenance' : 'Set maintenance'}
        </button>
        {service.maintenance && (
          <button type="button" className="button" disabled={isBusy} onClick={() => void clear()}>
            End maintenance
          </button>
        )}
      </div>
    </form>
  );
}

/** Administrators see every monitored service and set or end its maintenance window. */
export function AdminStatusPage() {
  const [services, setServices] = useState<ServiceStatus[] | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();

  const [version, setVersion] = useState(0);
  const load = useCallback(() => setVersion((current) => current + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    callApi(statusListRoute, { signal: controller.signal }).then(
      (list) => {
        setServices(list);
        setLoadError(undefined);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(describeError(error, { getting: 'Service status' }));
      },
    );
    return () => controller.abort();
  }, [version]);

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
                {service.maintenance && <> until {dayjs(service.maintenance.until).format('DD/MM/YYYY HH:mm')}: {service.maintenance.message}</>}
              </p>
              <MaintenanceForm service={service} onSaved={load} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
