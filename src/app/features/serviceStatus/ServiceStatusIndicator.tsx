import dayjs from 'dayjs';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { ServiceStatus } from '../../../shared/contract/realtime';
import { useStore } from '../../state/useStore';
import { currentConnectivity, subscribeConnectivity } from '../../sync/connectivity';
import { Icon } from '../../ui/icons/Icon';
import { serviceStatusStore } from './serviceStatusStore';
import { stateLabels, worstState } from './status.rules';
import './serviceStatus.css';

/** 'HH:mm' today, else 'DD/MM/YYYY HH:mm'. */
function when(iso: string): string {
  const time = dayjs(iso);
  return time.isSame(dayjs(), 'day') ? time.format('HH:mm') : time.format('DD/MM/YYYY HH:mm');
}

function ServiceRow({ status }: { readonly status: ServiceStatus }) {
  return (
    <li className={`service-status__item service-status__item--${status.state}`}>
      <span className="service-status__dot" aria-hidden="true" />
      <span className="service-status__name">{status.name}</span>
      <span className="service-status__state">
        {stateLabels[status.state]}
        {status.state !== 'unknown' && (
          <>
            {' '}
            since <time dateTime={status.since}>{when(status.since)}</time>
          </>
        )}
      </span>
      {status.maintenance && (
        <span className="service-status__message">
          {status.maintenance.message} (until <time dateTime={status.maintenance.until}>{when(status.maintenance.until)}</time>)
        </span>
      )}
    </li>
  );
}

/**
 * The header's service status: a dot in the colour of the worst current state, which opens the
 * list of services with their state, since when, and any maintenance message. Before the feed's
 * first list it shows a grey 'Checking…', but not while offline or the server is unreachable.
 */
export function ServiceStatusIndicator() {
  const { statuses, isLoading } = useStore(serviceStatusStore);
  // With no connection the feed cannot load: the connectivity signal beside it says why, and a
  // grey 'Checking…' would only wait for ever (issue 34 §3).
  const isConnected = useSyncExternalStore(subscribeConnectivity, currentConnectivity) === 'online';
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const closeOnOutside = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (!rootRef.current?.contains(target)) setIsOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [isOpen]);

  if (statuses === undefined ? !isLoading || !isConnected : statuses.length === 0) return null;
  const worst = statuses ? worstState(statuses) : undefined;
  const summary = worst ? stateLabels[worst] : 'Checking…';
  return (
    <div className="service-status" ref={rootRef}>
      <button
        type="button"
        className={`header-action service-status__button service-status__button--${worst ?? 'loading'}`}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <Icon name={worst === undefined || worst === 'operational' ? 'check' : 'alert'} size={22} />
        <span className="visually-hidden">Service status: {summary}</span>
      </button>
      <div id={panelId} className="service-status__panel" hidden={!isOpen}>
        <h2 className="service-status__title">Service status</h2>
        {statuses ? (
          <ul className="service-status__list">
            {statuses.map((status) => (
              <ServiceRow key={status.id} status={status} />
            ))}
          </ul>
        ) : (
          <p>Checking the services…</p>
        )}
      </div>
    </div>
  );
}
