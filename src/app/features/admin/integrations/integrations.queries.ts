import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  connectorCreateRoute, connectorDeleteRoute, connectorListRoute, connectorRunRoute, connectorUpdateRoute, type ConnectorBody,
} from '../../../../shared/contract/adminConnectors';
import {
  integrationClientCreateRoute, integrationClientListRoute, integrationClientRevokeRoute, type NewIntegrationClient,
} from '../../../../shared/contract/integration';
import { callApi } from '../../../api/client';
import { isRunOpen } from './connectorText';

/** How often the scheduled pulls are read again while a run is waiting or working. */
const OPEN_RUN_POLL_MS = 2000;

/**
 * The integrations page's server state: the machine clients and the scheduled pulls. Each write
 * below marks the list it changes stale, so the page shows it as the server now has it.
 */
export const integrationKeys = {
  all: ['adminIntegrations'] as const,
  clients: () => [...integrationKeys.all, 'clients'] as const,
  connectors: () => [...integrationKeys.all, 'connectors'] as const,
};

export function useIntegrationClients() {
  return useQuery({ queryKey: integrationKeys.clients(), queryFn: ({ signal }) => callApi(integrationClientListRoute, { signal }) });
}

/** The scheduled pulls; read again every few seconds while one of their runs is open, so its outcome shows. */
export function useConnectors() {
  return useQuery({
    queryKey: integrationKeys.connectors(),
    queryFn: ({ signal }) => callApi(connectorListRoute, { signal }),
    refetchInterval: (query) => (query.state.data?.items.some((connector) => isRunOpen(connector.lastRun)) ? OPEN_RUN_POLL_MS : false),
  });
}

/** Reads the clients again (after a revocation). */
export function useReloadIntegrationClients(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: integrationKeys.clients() });
}

/** Reads the scheduled pulls again (after a deletion). */
export function useReloadConnectors(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: integrationKeys.connectors() });
}

/** Creates a client; its answer carries the token, shown once. The list is read again. */
export async function createIntegrationClient(client: QueryClient, body: NewIntegrationClient) {
  const created = await callApi(integrationClientCreateRoute, { body });
  void client.invalidateQueries({ queryKey: integrationKeys.clients() });
  return created;
}

/** Revokes a client: its token stops working at once. (The delete dialog reads the list again.) */
export function revokeIntegrationClient(rowId: number) {
  return callApi(integrationClientRevokeRoute, { params: { rowId } });
}

/** Adds a scheduled pull, or changes one (`rowId`); the list is read again. */
export async function saveConnector(client: QueryClient, rowId: number | undefined, body: ConnectorBody) {
  const saved = rowId === undefined ? await callApi(connectorCreateRoute, { body }) : await callApi(connectorUpdateRoute, { params: { rowId }, body });
  void client.invalidateQueries({ queryKey: integrationKeys.connectors() });
  return saved;
}

/** Asks for a run now; the list is read again whether or not it was accepted (a run may be open). */
export async function runConnector(client: QueryClient, rowId: number) {
  try {
    return await callApi(connectorRunRoute, { params: { rowId } });
  } finally {
    void client.invalidateQueries({ queryKey: integrationKeys.connectors() });
  }
}

/** Deletes a scheduled pull. (The delete dialog reads the list again.) */
export function deleteConnector(rowId: number) {
  return callApi(connectorDeleteRoute, { params: { rowId } });
}
