import type { ServiceStatus } from '../../../shared/contract/realtime';
import { createStore } from '../../state/createStore';

export interface ServiceStatusView {
  /** The latest statuses; undefined until the feed has sent any. */
  readonly statuses: readonly ServiceStatus[] | undefined;
  /** SPEC §4 loading flag: connecting or reconnecting, no update yet. */
  readonly isLoading: boolean;
}

/** What the status feed last said, for the header indicator and the features' notices. */
export const serviceStatusStore = createStore<ServiceStatusView>(
  { statuses: undefined, isLoading: false },
  { name: 'serviceStatus', equals: (a, b) => a.statuses === b.statuses && a.isLoading === b.isLoading },
);
