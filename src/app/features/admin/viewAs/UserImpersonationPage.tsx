import { useId, useState, type FormEvent } from 'react';
import { viewAsMinutes, viewAsReasonMaxLength, type UserSearchItem } from '../../../../shared/contract/adminViewAs';
import { toErrorDetails } from '../../../api/errorHandler';
import { useSettled } from '../../../serverState/useSettled';
import { startViewAs } from '../../viewAs/viewAsSession';
import { ErrorBox, fieldErrors } from '../form/FormParts';
import { PageFrame } from '../form/PageFrame';
import { EndSessionsAction } from './EndSessionsAction';
import { useUsersSearch } from './userImpersonation.queries';
import './userImpersonation.css';
import '../../../ui/field.css';

/** The search waits this long after the last key press. */
const SEARCH_DELAY_MS = 300;
const MIN_QUERY_LENGTH = 2;

type SearchState =
  | { readonly status: 'idle' }
  | { readonly status: 'searching' }
  | { readonly status: 'done'; readonly items: readonly UserSearchItem[] }
  | { readonly status: 'failed'; readonly message: string };

/** Debounced user search (by name, user name or student id): it asks once typing pauses, for the latest words only. */
function useUserSearch(query: string): SearchState {
  const trimmed = query.trim();
  const settled = useSettled(trimmed, SEARCH_DELAY_MS);
  const isLongEnough = settled.length >= MIN_QUERY_LENGTH;
  const search = useUsersSearch(settled, isLongEnough);
  if (trimmed.length < MIN_QUERY_LENGTH || !isLongEnough) return { status: 'idle' };
  if (search.error) return { status: 'failed', message: toErrorDetails(search.error).message };
  if (search.data) return { status: 'done', items: search.data.items };
  return { status: 'searching' };
}

function describeUser(item: UserSearchItem): string {
  return [item.userName, item.studentId ? `student id ${item.studentId}` : undefined, item.roles.join(', ') || undefined].filter(Boolean).join(' · ');
}

function searchStatusText(state: SearchState, query: string): string {
  if (state.status === 'searching') return 'Searching…';
  if (state.status === 'failed') return '';
  if (state.status === 'done') return state.items.length === 0 ? `No users match “${query.trim()}”.` : `${state.items.length} ${state.items.length === 1 ? 'user' : 'users'} found.`;
  return `Type at least ${MIN_QUERY_LENGTH} characters.`;
}

/**
 * /admin/userimpersonation (issue 17): find a user, give a reason, and see the app as they see it,
 * read only, for at most 30 minutes. Administrators are listed but cannot be chosen. Starting
 * reloads the app as the viewed user, on their home page.
 */
export function UserImpersonationPage() {
  const id = useId();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<UserSearchItem | undefined>();
  const [reason, setReason] = useState('');
  const [isStarting, setIsStarting] = useState(false);
  const [error, setError] = useState<unknown>();
  const search = useUserSearch(query);
  const items = search.status === 'done' ? search.items : [];

  const userErrors = fieldErrors(error, 'userName');
  const reasonErrors = fieldErrors(error, 'reason');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsStarting(true);
    setError(undefined);
    startViewAs({ userName: chosen?.userName ?? '', reason }).catch((failure: unknown) => {
      setError(failure);
      setIsStarting(false);
    });
  };

  return (
    <PageFrame
      intro={`See the app exactly as a user sees it, to help them: read only, for at most ${viewAsMinutes} minutes, and recorded in the audit log with your reason. The user can see that you viewed their account.`}
    >
      <form className="view-as-start" onSubmit={submit} noValidate aria-label="View as a user">
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-query`}>
            Find a user
          </label>
          <input
            id={`${id}-query`}
            className="form-field__input"
            type="search"
            autoComplete="off"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-describedby={`${id}-query-hint`}
          />
          <p id={`${id}-query-hint`} className="muted">
            Name, user name or student id.
          </p>
        </div>

        <fieldset className="view-as-start__results" aria-describedby={userErrors ? `${id}-user-error` : undefined}>
          <legend>Choose a user</legend>
          <p className="muted" role="status">
            {searchStatusText(search, query)}
          </p>
          {search.status === 'failed' && (
            <p className="form-field__error" role="alert">
              {search.message}
            </p>
          )}
          {items.length > 0 && (
            <ul className="view-as-start__list">
              {items.map((item) => {
                const inputId = `${id}-user-${item.userName}`;
                const noteId = `${inputId}-note`;
                return (
                  <li key={item.userName} className="view-as-start__item">
                    <input
                      id={inputId}
                      type="radio"
                      name="viewAsUser"
                      value={item.userName}
                      checked={chosen?.userName === item.userName}
                      disabled={!item.canViewAs}
                      onChange={() => setChosen(item)}
                      aria-describedby={noteId}
                    />
                    <label htmlFor={inputId}>
                      <span className="view-as-start__name">{item.displayName}</span>
                      <span id={noteId} className="muted view-as-start__details">
                        {describeUser(item)}
                        {!item.canViewAs && <strong className="view-as-start__refusal"> Administrators cannot be viewed as.</strong>}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          {userErrors && (
            <p id={`${id}-user-error`} className="form-field__error">
              {userErrors.join(' ')}
            </p>
          )}
        </fieldset>

        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-reason`}>
            Reason (required)
          </label>
          <textarea
            id={`${id}-reason`}
            className="form-field__input"
            rows={3}
            value={reason}
            maxLength={viewAsReasonMaxLength}
            required
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={reasonErrors ? true : undefined}
            aria-describedby={[`${id}-reason-count`, reasonErrors ? `${id}-reason-error` : undefined].filter(Boolean).join(' ')}
          />
          <p id={`${id}-reason-count`} className="muted">
            {reason.length} of {viewAsReasonMaxLength} characters. Why you need to see this user’s account; they can read it.
          </p>
          {reasonErrors && (
            <p id={`${id}-reason-error`} className="form-field__error">
              {reasonErrors.join(' ')}
            </p>
          )}
        </div>

        <ErrorBox error={error} title="Could not start viewing" />

        <div>
          <button type="submit" className="button button--primary" disabled={isStarting}>
            {chosen ? `Start viewing as ${chosen.displayName}` : 'Start viewing'}
          </button>
        </div>
      </form>
      {chosen && <EndSessionsAction user={chosen} />}
    </PageFrame>
  );
}
