import { useState } from 'react';
import type { CreatedIntegrationClient, IntegrationClient } from '../../../../shared/contract/integration';
import { serverNow } from '../../timetable/serverClock';
import { useDeleteDialog } from '../form/DeleteDialog';
import { ErrorBox } from '../form/FormParts';
import { PageFrame } from '../form/PageFrame';
import { useOnline } from '../shell/useOnline';
import { AdminTable, type AdminColumn } from '../table/AdminTable';
import { clientStatus, humanDateTime, lastUseText, scopesText } from './clientText';
import { ConnectorsSection } from './ConnectorsSection';
import { revokeIntegrationClient, useIntegrationClients, useReloadIntegrationClients } from './integrations.queries';
import { NewClientForm } from './NewClientForm';
import { NewToken } from './NewToken';
import './integrations.css';

/**
 * /admin/integrations (issue 36): the machine clients that push imports and read attendance with
 * a bearer token (creating one shows its token once; revoking one stops its token at once), then
 * the scheduled pulls (connectors) that read other systems on a schedule.
 */
export function IntegrationsPage() {
  const clients = useIntegrationClients();
  const reloadClients = useReloadIntegrationClients();
  const [mode, setMode] = useState<'list' | 'adding'>('list');
  const [created, setCreated] = useState<CreatedIntegrationClient>();
  const isOnline = useOnline();
  const revocation = useDeleteDialog(reloadClients);
  const nowMs = serverNow();
  const columns: AdminColumn<IntegrationClient>[] = [
    { key: 'name', header: 'Name', value: (c) => c.name },
    { key: 'scopes', header: 'Permissions', value: (c) => scopesText(c) },
    { key: 'status', header: 'Status', value: (c) => clientStatus(c, nowMs) },
    { key: 'lastUsedAt', header: 'Last used', value: (c) => c.lastUsedAt ?? '', render: (c) => lastUseText(c) },
    { key: 'expiresAt', header: 'Expires', value: (c) => c.expiresAt, render: (c) => <time dateTime={c.expiresAt}>{humanDateTime(c.expiresAt)}</time> },
    { key: 'createdAt', header: 'Created', value: (c) => c.createdAt, render: (c) => `${humanDateTime(c.createdAt)}${c.createdBy ? ` by ${c.createdBy}` : ''}`, isExportedByDefault: true },
  ];
  const revoke = (client: IntegrationClient) =>
    revocation.ask({
      title: `Revoke the client “${client.name}”?`,
      confirmLabel: 'Revoke client',
      loss: () => Promise.resolve({
        text: `Its token stops working at once: ${scopesText(client).toLocaleLowerCase()} with it will be refused. This cannot be undone; to give access again, create a new client.`,
      }),
      remove: () => revokeIntegrationClient(client.rowId),
      done: `Client “${client.name}” revoked`,
    });
  return (
    <PageFrame intro="Other systems (the student record system, timetabling) reach Campus Companion with a client’s token: they push data imports, read their reports and read attendance back out. Each client may do only what it is given.">
      {created ? (
        <NewToken client={created} onDone={() => setCreated(undefined)} />
      ) : mode === 'adding' ? (
        <NewClientForm
          onCreated={(client) => {
            setCreated(client);
            setMode('list');
          }}
          onCancel={() => setMode('list')}
        />
      ) : (
        <div>
          <button type="button" className="button button--primary" disabled={!isOnline} onClick={() => setMode('adding')}>
            Add a client
          </button>
        </div>
      )}
      <ErrorBox error={clients.error} title="Clients could not be loaded" />
      {clients.data && (
        <AdminTable
          caption="Integration clients"
          rows={clients.data.items}
          columns={columns}
          rowKey={(c) => c.rowId}
          exportName="integration-clients"
          actions={(client) =>
            client.revokedAt ? null : (
              <button type="button" className="button button--ghost" aria-label={`Revoke ${client.name}`} disabled={!isOnline} onClick={() => revoke(client)}>
                Revoke
              </button>
            )
          }
        />
      )}
      {revocation.dialog}
      <ConnectorsSection />
    </PageFrame>
  );
}
