import type { LatestReferral } from '../../../shared/contract/referrals';
import { referralStatusWords } from '../../../shared/rules/referral';

/** 'DD/MM/YYYY' of a London ISO date-time, read as the wall clock it carries. */
const dateOf = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The student's latest referral: when they sent it and where Student Support has got to with it. */
export function LatestReferralStatus({ latest }: { readonly latest: LatestReferral }) {
  if (!latest.sentAt || !latest.status) return null;
  return (
    <p className="support-form__latest" data-testid="latest-referral">
      Your last request was sent on <time dateTime={latest.sentAt}>{dateOf(latest.sentAt)}</time>. Status:{' '}
      <strong data-status={latest.status}>{referralStatusWords[latest.status]}</strong>.
    </p>
  );
}
