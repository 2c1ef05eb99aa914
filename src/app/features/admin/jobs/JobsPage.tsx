import type { JobsState } from '../../../../shared/contract/admin';
import { formatCount } from '../../../format/count';
import { formatDate, formatTime24 } from '../../../format/dateTime';
import { ErrorBox } from '../form/FormParts';
import { PageFrame } from '../form/PageFrame';
import { useOnline } from '../shell/useOnline';
import { AdminTable, type AdminColumn } from '../table/AdminTable';
import { useJobsState } from './jobs.queries';
import './jobs.css';

type QueueCounts = JobsState['queues'][number];
type Failure = JobsState['lastFailures'][number];
type State = Exclude<keyof QueueCounts, 'queue'>;

/** pg-boss's job states, in the order a job passes through them, in words. */
const states: readonly { readonly key: State; readonly label: string }[] = [
  { key: 'created', label: 'Waiting' },
  { key: 'retry', label: 'Waiting to retry' },
  { key: 'active', label: 'Running' },
  { key: 'completed', label: 'Completed' },
  { key: 'cancelled', label: 'Cancelled' },
  { key: 'failed', label: 'Failed' },
];

const queueColumns: readonly AdminColumn<QueueCounts>[] = [
  { key: 'queue', header: 'Queue', value: (q) => q.queue },
  ...states.map(({ key, label }): AdminColumn<QueueCounts> => ({ key, header: label, value: (q) => q[key] })),
];

const when = (at: string) => `${formatDate(at)} ${formatTime24(at)}`;
const failureColumns: readonly AdminColumn<Failure>[] = [
  { key: 'failedAt', header: 'When', value: (f) => f.failedAt, render: (f) => <time dateTime={f.failedAt}>{when(f.failedAt)}</time> },
  { key: 'queue', header: 'Queue', value: (f) => f.queue },
  { key: 'message', header: 'Why', value: (f) => f.message, isSortable: false },
];

/**
 * /admin/jobs: the durable job queue (pg-boss) as `GET /api/admin/jobs` reports it: how many jobs
 * are in each state, per queue and in all, and the latest failures with their reason.
 */
export function JobsPage() {
  const isOnline = useOnline();
  const jobs = useJobsState();
  const loaded = jobs.data;
  const error = jobs.error;
  const state = loaded?.state;
  const totals = states.map(({ key, label }) => ({ key, label, count: (state?.queues ?? []).reduce((sum, q) => sum + q[key], 0) }));
  return (
    <PageFrame intro="Background work (pushes, scheduled notifications, closing registers, housekeeping) runs through one durable queue. A job that fails is retried; one that fails for good is listed here with its reason.">
      <div className="admin-jobs__head">
        <button type="button" className="button" disabled={!isOnline} onClick={() => void jobs.refetch()}>
          Refresh
        </button>
        <p className="muted" role="status">
          {loaded === undefined ? 'Loading the job queue…' : `Updated ${formatTime24(loaded.at)}`}
        </p>
      </div>
      <ErrorBox error={error} title="The job queue could not be read" />
      {state && (
        <>
          <section aria-labelledby="admin-jobs-totals">
            <h2 id="admin-jobs-totals">Jobs by state</h2>
            <dl className="admin-jobs__totals">
              {totals.map((total) => (
                <div key={total.key} className={total.key === 'failed' && total.count > 0 ? 'admin-jobs__total admin-jobs__total--failed' : 'admin-jobs__total'}>
                  <dt>{total.label}</dt>
                  <dd>{formatCount(total.count)}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="admin-jobs-queues">
            <h2 id="admin-jobs-queues">By queue</h2>
            <AdminTable caption="Job queues" rows={state.queues} columns={queueColumns} rowKey={(q) => q.queue} exportName="job-queues" />
          </section>
          <section aria-labelledby="admin-jobs-failures">
            <h2 id="admin-jobs-failures">Latest failures</h2>
            {state.lastFailures.length === 0 ? (
              <p className="muted">No job has failed for good.</p>
            ) : (
              <AdminTable
                caption="Latest failures"
                rows={state.lastFailures}
                columns={failureColumns}
                rowKey={(f) => `${f.queue}:${f.failedAt}:${f.message}`}
                exportName="job-failures"
              />
            )}
          </section>
        </>
      )}
    </PageFrame>
  );
}
