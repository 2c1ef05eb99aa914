import { useId, useState, type FormEvent } from 'react';
import { wideScreenQuery } from '../../routing/media';
import { useMediaQuery } from '../../ui/useMediaQuery';
import type { AbsenceCategory } from '../../../shared/contract/absences';
import { statusLabels } from '../absences/absenceView';
import { activeFilterCount, allStatuses, type QueueFilterState } from './queueFilter';
import '../../ui/field.css';

interface QueueFiltersProps {
  readonly filter: QueueFilterState;
  readonly categories: readonly AbsenceCategory[];
  readonly onApply: (filter: QueueFilterState) => void;
}

/**
 * The queue's filters: statuses, module, dates, category and student; applied with 'Apply filters'.
 * On a phone they fold behind one 'Filters (n)' button, so the first screen shows requests.
 */
export function QueueFilters({ filter, categories, onApply }: QueueFiltersProps) {
  const id = useId();
  const isWide = useMediaQuery(wideScreenQuery);
  const [isOpen, setIsOpen] = useState(false);
  const [draft, setDraft] = useState(filter);
  const set = <K extends keyof QueueFilterState>(key: K, value: QueueFilterState[K]) => setDraft((previous) => ({ ...previous, [key]: value }));
  const toggleStatus = (status: QueueFilterState['statuses'][number], isOn: boolean) =>
    set('statuses', isOn ? allStatuses.filter((s) => s === status || draft.statuses.includes(s)) : draft.statuses.filter((s) => s !== status));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const field = (name: 'student' | 'module' | 'from' | 'to', label: string, type: 'text' | 'date' = 'text') => (
    <div className="form-field">
      <label className="form-field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input id={`${id}-${name}`} className="form-field__input" type={type} value={draft[name]} onChange={(event) => set(name, event.target.value)} />
    </div>
  );

  const count = activeFilterCount(filter);
  const form = (
    <form id={`${id}-form`} className="card staff-absences__filters" aria-label="Filter absence requests" onSubmit={submit}>
      <fieldset className="staff-absences__statuses">
        <legend className="form-field__label">Status</legend>
        {allStatuses.map((status) => (
          <label key={status} className="staff-absences__status">
            <input type="checkbox" checked={draft.statuses.includes(status)} onChange={(event) => toggleStatus(status, event.target.checked)} />{' '}
            {statusLabels[status]}
          </label>
        ))}
      </fieldset>
      <div className="staff-absences__fields">
        {field('student', 'Student name or id')}
        {field('module', 'Module code')}
        {field('from', 'From', 'date')}
        {field('to', 'To', 'date')}
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-category`}>
            Category
          </label>
          <select id={`${id}-category`} className="form-field__input" value={draft.category} onChange={(event) => set('category', event.target.value)}>
            <option value="">Any category</option>
            {categories.map((category) => (
              <option key={category.rowId} value={String(category.rowId)}>
                {category.absenceCategoryName}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className="button button--primary">
        Apply filters
      </button>
    </form>
  );
  if (isWide) return form;
  return (
    <div className="staff-absences__fold">
      <button type="button" className="button staff-absences__fold-button" aria-expanded={isOpen} aria-controls={`${id}-form`} onClick={() => setIsOpen((open) => !open)}>
        Filters ({count})
      </button>
      {isOpen && form}
    </div>
  );
}
