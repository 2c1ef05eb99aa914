import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { referralStatuses, type ReferralStatus } from '../../../shared/contract/referrals';
import type { StaffReferralDetail } from '../../../shared/contract/staffReferrals';
import { referralCaseNoteMaxLength } from '../../../shared/rules/referral';
import { isApiError } from '../../api/ApiError';
import { describeError } from '../../api/errorHandler';
import { isOneOf } from '../../../shared/guards';
import { updateReferral } from './staffReferrals.queries';
import '../../ui/field.css';

interface ReferralStatusFormProps {
  readonly referral: StaffReferralDetail;
}

/** The next status a referral usually takes: New → Contacted → Closed. */
const nextStatus: Readonly<Record<ReferralStatus, ReferralStatus>> = { New: 'Contacted', Contacted: 'Closed', Closed: 'Closed' };

/**
 * Moves a referral on: a status and a private case note (required), saved together. The note is
 * for the team only; the student sees the status. The saved referral replaces the page's
 * (staffReferrals.queries.ts).
 */
export function ReferralStatusForm({ referral }: ReferralStatusFormProps) {
  const id = useId();
  const [status, setStatus] = useState<ReferralStatus>(nextStatus[referral.status]);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  const client = useQueryClient();
  const [announcement, setAnnouncement] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    if (!note.trim()) {
      setNoteError('Write a case note.');
      document.getElementById(`${id}-note`)?.focus();
      return;
    }
    setNoteError(undefined);
    setIsSaving(true);
    updateReferral(client, referral.rowId, { status, note: note.trim() })
      .then((detail) => {
        setAnnouncement(`Saved: the referral is now ${detail.status}.`);
        setNote('');
        setStatus(nextStatus[detail.status]);
      })
      .catch((error: unknown) => {
        const fieldError = isApiError(error) ? error.errors.note?.join(' ') : undefined;
        if (fieldError) setNoteError(fieldError);
        else setFailure(describeError(error));
      })
      .finally(() => setIsSaving(false));
  };

  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Update the case</h2>
      <p role="status" className="staff-absence__announcement">
        {announcement}
      </p>
      <form className="staff-referral__form" onSubmit={submit} noValidate>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-status`}>
            Status
          </label>
          <select id={`${id}-status`} className="form-field__input" value={status} onChange={(event) => {
            const chosen = event.target.value;
            if (isOneOf(referralStatuses, chosen)) setStatus(chosen);
          }}>
            {referralStatuses.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-note`}>
            Case note
          </label>
          <p id={`${id}-hint`} className="muted">
            Required. What was done or agreed, for the rest of the team. The student never sees it.
          </p>
          <textarea
            id={`${id}-note`}
            className="form-field__input staff-absence__message"
            rows={4}
            maxLength={referralCaseNoteMaxLength}
            value={note}
            aria-describedby={`${id}-hint${noteError ? ` ${id}-note-error` : ''}`}
            aria-invalid={noteError ? true : undefined}
            onChange={(event) => setNote(event.target.value)}
          />
          {noteError && (
            <p id={`${id}-note-error`} className="form-field__error">
              {noteError}
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary" disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save'}
        </button>
      </form>
      {failure && (
        <p role="alert" className="callout callout--negative">
          The case was not updated. {failure}
        </p>
      )}
    </section>
  );
}
