import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clearMaintenanceRoute, setMaintenanceRoute, statusListRoute } from '../../../shared/contract/realtime';
import { callApi } from '../../api/client';

/** Every monitored service with its state and maintenance window (the admin status page). */
export const serviceStatusKey = ['adminStatus', 'services'] as const;

export function useServiceStatuses() {
  return useQuery({ queryKey: serviceStatusKey, queryFn: ({ signal }) => callApi(statusListRoute, { signal }) });
}

export interface MaintenanceInput {
  readonly serviceId: string;
  readonly message: string;
  /** ISO 8601. */
  readonly until: string;
}

/** Sets or changes a service's maintenance window; the list is fetched again once it is saved. */
export function useSetMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, message, until }: MaintenanceInput) => callApi(setMaintenanceRoute, { params: { serviceId }, body: { message, until } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: serviceStatusKey }),
  });
}

/** Ends a service's maintenance window now; the list is fetched again. */
export function useClearMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (serviceId: string) => callApi(clearMaintenanceRoute, { params: { serviceId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: serviceStatusKey }),
  });
}
