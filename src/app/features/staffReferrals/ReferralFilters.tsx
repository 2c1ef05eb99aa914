import { useId, useState, type FormEvent } from 'react';
import { referralStatuses } from '../../../shared/contract/referrals';
import type { StaffReferralPage } from '../../../shared/contract/staffReferrals';
import type { ReferralFilterState } from './referralFilter';
import '../../ui/field.css';

interface ReferralFiltersProps {
  readonly filter: ReferralFilterState;
  readonly counts: StaffReferralPage['counts'] | undefined;
  readonly onApply: (filter: ReferralFilterState) => void;
}

/** The queue's filters: statuses (with how many referrals each has) and the student; applied with 'Apply filters'. */
export function ReferralFilters({ filter, counts, onApply }: ReferralFiltersProps) {
  const id = useId();
  const [draft, setDraft] = useState(filter);
  const toggle = (status: ReferralFilterState['statuses'][number], isOn: boolean) =>
    setDraft((previous) => ({
      ...previous,
      statuses: isOn ? referralStatuses.filter((s) => s === status || previous.statuses.includes(s)) : previous.statuses.filter((s) => s !== status),
    }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form className="card staff-absences__filters" aria-label="Filter referrals" onSubmit={submit}>
      <fieldset className="staff-absences__statuses">
        <legend className="form-field__label">Status</legend>
        {referralStatuses.map((status) => (
          <label key={status} className="staff-absences__status">
            <input type="checkbox" checked={draft.statuses.includes(status)} onChange={(event) => toggle(status, event.target.checked)} /> {status}
            {counts && ` (${counts[status]})`}
          </label>
        ))}
      </fieldset>
      <div className="staff-absences__fields">
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-student`}>
            Student name or id
          </label>
          <input
            id={`${id}-student`}
            className="form-field__input"
            type="text"
            value={draft.student}
            onChange={(event) => setDraft((previous) => ({ ...previous, student: event.target.value }))}
          />
        </div>
      </div>
      <button type="submit" className="button button--primary">
        Apply filters
      </button>
    </form>
  );
}
