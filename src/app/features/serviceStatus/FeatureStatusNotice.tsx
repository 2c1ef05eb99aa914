import dayjs from 'dayjs';
import type { StatusFeature } from '../../../shared/contract/realtime';
import { useStore } from '../../state/useStore';
import { formatUpdatedTime } from '../../sync/UpdatedAt';
import { useResourceRow } from '../../sync/useResourceRow';
import { serviceStatusStore } from './serviceStatusStore';
import { featureNotice, problemFor } from './status.rules';
import './serviceStatus.css';

/**
 * A calm note on a feature's page while the service behind it has a problem, e.g. "The timetable
 * service is having problems. You are seeing your copy from 09:12." Nothing otherwise.
 */
export function FeatureStatusNotice({ feature, resourceKey }: { readonly feature: StatusFeature; readonly resourceKey?: string }) {
  const { statuses } = useStore(serviceStatusStore);
  const row = useResourceRow(resourceKey ?? '');
  const problem = problemFor(statuses, feature);
  if (!problem) return null;
  const fetchedAt = resourceKey && row !== 'loading' && row !== null ? row.fetchedAt : null;
  const copyTime = fetchedAt === null ? undefined : formatUpdatedTime(fetchedAt);
  return (
    <p className="feature-status-notice" role="status">
      {featureNotice(problem, feature, copyTime, (iso) => dayjs(iso).format('HH:mm'))}
    </p>
  );
}
