import type { ReferralStatus } from '../../../shared/contract/referrals';
import { referralStatusTones } from './referralFilter';
import '../absences/absences.css';

export function ReferralStatusBadge({ status, testId }: { readonly status: ReferralStatus; readonly testId?: string }) {
  return (
    <span className={`absence-status absence-status--${referralStatusTones[status]}`} data-testid={testId}>
      {status}
    </span>
  );
}
