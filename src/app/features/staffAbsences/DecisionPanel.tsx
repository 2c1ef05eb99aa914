import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AbsenceRequest } from '../../../shared/contract/absences';
import type { StaffAbsenceDetail } from '../../../shared/contract/staffAbsences';
import { absenceDecisionTable, decisionErrors, messageToStudentMaxLength, type AbsenceDecision } from '../../../shared/rules/absences/decisions';
import { isApiError } from '../../api/ApiError';
import { describeError } from '../../api/errorHandler';
import { statusLabels } from '../absences/absenceView';
import { decideAbsence } from './staffAbsences.queries';
import '../../ui/field.css';

interface DecisionPanelProps {
  readonly request: AbsenceRequest;
  readonly onDecided: (detail: StaffAbsenceDetail) => void;
  readonly onReload: () => void;
}

type Outcome =
  | { readonly kind: 'idle' }
  | { readonly kind: 'sending'; readonly label: string }
  | { readonly kind: 'refused'; readonly lines: readonly string[]; readonly isStale: boolean };

/**
 * The decisions the shared table allows from the request's status, one button each, and the
 * message to the student (required to Deny or Request evidence). The request's lastModified goes
 * with each decision; a 409 means someone changed it meanwhile, and the reviewer reloads it. The
 * saved decision goes into the request's query (staffAbsences.queries.ts); the page says what was
 * decided (a toast with Undo).
 */
export function DecisionPanel({ request, onDecided, onReload }: DecisionPanelProps) {
  const id = useId();
  const client = useQueryClient();
  const [message, setMessage] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const decisions = absenceDecisionTable[request.absenceStatus];
  const messageError = outcome.kind === 'refused' && !outcome.isStale ? outcome.lines.find((line) => line.startsWith('messageToStudent: ')) : undefined;

  const decide = (decision: AbsenceDecision) => {
    const errors = decisionErrors(request.absenceStatus, decision.to, message);
    if (Object.keys(errors).length > 0) {
      setOutcome({ kind: 'refused', isStale: false, lines: Object.entries(errors).map(([field, messages]) => `${field}: ${messages.join(' ')}`) });
      document.getElementById(`${id}-message`)?.focus();
      return;
    }
    setOutcome({ kind: 'sending', label: decision.label });
    decideAbsence(client, request, { absenceStatus: decision.to, messageToStudent: message.trim() || null })
      .then((detail) => {
        setOutcome({ kind: 'idle' });
        onDecided(detail);
      })
      .catch((error: unknown) => {
        const isStale = isApiError(error) && error.status === 409;
        const fields = isApiError(error) ? Object.entries(error.errors).map(([field, messages]) => `${field}: ${messages.join(' ')}`) : [];
        setOutcome({ kind: 'refused', isStale, lines: isStale ? [error instanceof Error ? error.message : ''] : fields.length > 0 ? fields : [describeError(error)] });
      });
  };

  return (
    <section className="card staff-absence__decision" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Decision</h2>
      {decisions.length === 0 ? (
        <p>This request is {statusLabels[request.absenceStatus]}: there is nothing to decide.</p>
      ) : (
        <>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-message`}>
              Message to the student
            </label>
            <p id={`${id}-hint`} className="muted">
              Required to deny a request or to ask for evidence. The student sees it with the request.
            </p>
            <textarea
              id={`${id}-message`}
              className="form-field__input staff-absence__message"
              rows={4}
              maxLength={messageToStudentMaxLength}
              value={message}
              aria-describedby={`${id}-hint${messageError ? ` ${id}-message-error` : ''}`}
              aria-invalid={messageError ? true : undefined}
              onChange={(event) => setMessage(event.target.value)}
            />
            {messageError && (
              <p id={`${id}-message-error`} className="form-field__error">
                {messageError.replace('messageToStudent: ', '')}
              </p>
            )}
          </div>
          <div className="staff-absence__buttons">
            {decisions.map((decision) => (
              <button
                key={decision.label}
                type="button"
                className={decision.to === 'Approved' ? 'button button--primary' : 'button'}
                disabled={outcome.kind === 'sending'}
                onClick={() => decide(decision)}
              >
                {outcome.kind === 'sending' && outcome.label === decision.label ? 'Saving…' : decision.label}
              </button>
            ))}
          </div>
        </>
      )}
      {outcome.kind === 'refused' && !messageError && (
        <div role="alert" className="callout callout--negative">
          <p>{outcome.isStale ? outcome.lines[0] : `The decision was not saved. ${outcome.lines.join(' ')}`}</p>
          {outcome.isStale && (
            <button type="button" className="button" onClick={onReload}>
              Reload the request
            </button>
          )}
        </div>
      )}
    </section>
  );
}
