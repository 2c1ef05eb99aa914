import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Connector } from '../../../../shared/contract/adminConnectors';
import { toErrorDetails } from '../../../api/errorHandler';
import { toast } from '../../../ui/toast/toastStore';
import { useDeleteDialog } from '../form/DeleteDialog';
import { ErrorBox } from '../form/FormParts';
import { useOnline } from '../shell/useOnline';
import { AdminTable, type AdminColumn } from '../table/AdminTable';
import { humanDateTime } from './clientText';
import { ConnectorForm } from './ConnectorForm';
import { deleteConnector, runConnector, useConnectors, useReloadConnectors } from './integrations.queries';
import { connectorKindLabels, isRunOpen, runMoment, runStateLabels, runText, scheduleInWords } from './connectorText';

type Editing = { readonly mode: 'adding' } | { readonly mode: 'editing'; readonly connector: Connector };

/**
 * Admin → Integrations, "Scheduled pulls" (issue 36 §3): the connectors that read the student
 * record system (OneRoster REST) or timetable iCal feeds on a schedule and import what they find.
 * Each row shows its last and next run, with Run now, Edit and Delete. While a run is open the list
 * is read again every few seconds, so its outcome shows without reloading the page.
 */
export function ConnectorsSection() {
  const connectors = useConnectors();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>();
  const isOnline = useOnline();
  const headingId = useId();
  const reloadConnectors = useReloadConnectors();
  const deletion = useDeleteDialog(reloadConnectors);
  const items = connectors.data?.items;

  const runNow = async (connector: Connector) => {
    try {
      await runConnector(queryClient, connector.rowId);
      toast.positive(`“${connector.name}” will run now`);
    } catch (error) {
      toast.negative(toErrorDetails(error).message);
    }
  };
  const remove = (connector: Connector) =>
    deletion.ask({
      title: `Delete the scheduled pull “${connector.name}”?`,
      confirmLabel: 'Delete scheduled pull',
      loss: () => Promise.resolve({
        text: `It stops running, and its settings${connector.hasSecret ? ', its stored secret' : ''} and its list of runs are removed. The import batches it made stay in the import history (Admin → Imports), where they can still be read and reverted.`,
      }),
      remove: () => deleteConnector(connector.rowId),
      done: `Scheduled pull “${connector.name}” deleted`,
    });

  const columns: AdminColumn<Connector>[] = [
    { key: 'name', header: 'Name', value: (c) => c.name },
    { key: 'kind', header: 'Kind', value: (c) => connectorKindLabels[c.kind] },
    {
      key: 'schedule', header: 'Schedule', value: (c) => c.schedule,
      render: (c) => {
        const words = scheduleInWords(c.schedule);
        return (
          <>
            <code>{c.schedule}</code>
            {words && <span className="muted"> ({words})</span>}
          </>
        );
      },
    },
    { key: 'isEnabled', header: 'Enabled', value: (c) => c.isEnabled },
    {
      key: 'lastRun', header: 'Last run', value: (c) => runText(c.lastRun),
      render: (c) => <LastRun connector={c} />,
    },
    {
      key: 'nextRunAt', header: 'Next run', value: (c) => c.nextRunAt ?? '',
      render: (c) => (c.nextRunAt ? <time dateTime={c.nextRunAt}>{humanDateTime(c.nextRunAt)}</time> : <span className="muted">Not scheduled (disabled)</span>),
    },
  ];

  // The save has marked the list stale already: it is read again behind the closed form.
  const done = () => setEditing(undefined);
  return (
    <section className="connectors" aria-labelledby={headingId}>
      <h2 id={headingId}>Scheduled pulls</h2>
      <p className="muted">
        Campus Companion reads the student record system (OneRoster 1.2 REST) or the timetabling system’s iCal feeds on a schedule. Each run becomes an import with the same checks, report and revert as an upload: a clean one applies itself, one with warnings waits for an administrator, and administrators are told when a run fails or needs a review.
      </p>
      {editing ? (
        <ConnectorForm
          key={editing.mode === 'editing' ? editing.connector.rowId : 'new'}
          {...(editing.mode === 'editing' ? { connector: editing.connector } : {})}
          onDone={done}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <div>
          <button type="button" className="button button--primary" disabled={!isOnline} onClick={() => setEditing({ mode: 'adding' })}>
            Add a scheduled pull
          </button>
        </div>
      )}
      <ErrorBox error={connectors.error} title="Scheduled pulls could not be loaded" />
      {items && (
        <AdminTable
          caption="Scheduled pulls"
          rows={items}
          columns={columns}
          rowKey={(c) => c.rowId}
          exportName="scheduled-pulls"
          actions={(connector) => (
            <>
              <button
                type="button"
                className="button button--ghost"
                aria-label={`Run ${connector.name} now`}
                disabled={!isOnline || isRunOpen(connector.lastRun)}
                onClick={() => void runNow(connector)}
              >
                Run now
              </button>
              <button type="button" className="button button--ghost" aria-label={`Edit ${connector.name}`} onClick={() => setEditing({ mode: 'editing', connector })}>
                Edit
              </button>
              <button type="button" className="button button--ghost" aria-label={`Delete ${connector.name}`} disabled={!isOnline} onClick={() => remove(connector)}>
                Delete
              </button>
            </>
          )}
        />
      )}
      {deletion.dialog}
    </section>
  );
}

/** The last run: its state and when, why it stopped (if it says), and its import batch. */
function LastRun({ connector }: { readonly connector: Connector }) {
  const run = connector.lastRun;
  if (!run) return <span className="muted">Never run</span>;
  return (
    <div className="connector-run">
      <span>
        {runStateLabels[run.state]}, <time dateTime={runMoment(run)}>{humanDateTime(runMoment(run))}</time>
      </span>
      {run.message && <span className="muted connector-run__message">{run.message}</span>}
      {run.importRowId !== null && (
        <Link to={`/admin/imports/${run.importRowId}`} aria-label={`Import batch ${run.importRowId} of ${connector.name}`}>
          Import batch {run.importRowId}
        </Link>
      )}
    </div>
  );
}
