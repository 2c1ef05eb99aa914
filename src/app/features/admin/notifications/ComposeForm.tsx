import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { adminNotificationLimits, FIRSTNAME_PLACEHOLDER } from '../../../../shared/contract/adminNotifications';
import { notificationTypeSchema } from '../../../../shared/contract/notifications';
import { roleNames, type Role } from '../../../../shared/contract/route';
import type { ApiFieldErrors } from '../../../api/ApiError';
import { DateField } from '../../../ui/dateField/DateField';
import { TimeField } from '../../../ui/timeField/TimeField';
import { scheduleProblem, type ComposeDraft } from './composeDraft';
import { useOnline } from '../shell/useOnline';
import { useRecipientCount } from './useRecipientCount';
import '../../../ui/field.css';

interface ComposeFormProps {
  readonly draft: ComposeDraft;
  readonly onChange: (draft: ComposeDraft) => void;
  readonly onSubmit: () => void;
  readonly isEditing: boolean;
  readonly onStopEditing: () => void;
  readonly isSending: boolean;
  readonly errors: ApiFieldErrors;
  /** Extra audience pickers (rules, directory groups), when the admin area offers them. */
  readonly audiencePickers?: ReactNode;
}

const roleLabels: Record<Role, string> = { Student: 'Students', TeachingStaff: 'Teaching staff', Administrator: 'Administrators' };

function FieldErrors({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <p id={id} className="form-field__error">
      {messages.join(' ')}
    </p>
  );
}

/** The compose form: text, link, type, audience with a live recipient count, and when to send. */
export function ComposeForm({ draft, onChange, onSubmit, isEditing, onStopEditing, isSending, errors, audiencePickers }: ComposeFormProps) {
  const id = useId();
  const [isTouched, setIsTouched] = useState(false);
  // Scheduling with no day or time is said here, before anything is sent (the server would send it now).
  const [missingSchedule, setMissingSchedule] = useState<string | undefined>(undefined);
  const recipients = useRecipientCount(draft);
  // Offline the shell says so; the form keeps what was typed and waits to be sent.
  const isOnline = useOnline();
  const set = <K extends keyof ComposeDraft>(key: K, value: ComposeDraft[K]) => {
    setIsTouched(true);
    if (key === 'isScheduled' || key === 'sendDate' || key === 'sendTime') setMissingSchedule(undefined);
    onChange({ ...draft, [key]: value });
  };
  const toggleRole = (role: Role, isOn: boolean) =>
    set('roles', isOn ? [...draft.roles, role] : draft.roles.filter((r) => r !== role));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = scheduleProblem(draft);
    setMissingSchedule(problem);
    if (problem === undefined) onSubmit();
  };
  const sendAtError = [missingSchedule, ...(errors.sendAt ?? [])].filter(Boolean).join(' ') || undefined;
  const described = (field: string) => (errors[field]?.length ? `${id}-${field}-error` : undefined);
  const audienceErrors = Object.entries(errors).filter(([key]) => key === 'audience' || key.startsWith('audience.'));
  const verb = draft.isScheduled ? 'Schedule' : 'Send';

  return (
    <form className="card compose-notification" onSubmit={submit} aria-labelledby={`${id}-heading`} noValidate>
      <h2 id={`${id}-heading`}>{isEditing ? 'Edit scheduled notification' : 'Compose a notification'}</h2>

      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-title`}>
          Title
        </label>
        <input
          id={`${id}-title`}
          className="form-field__input"
          value={draft.title}
          onChange={(event) => set('title', event.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={[`${id}-title-count`, described('title')].filter(Boolean).join(' ')}
        />
        <p id={`${id}-title-count`} className="muted compose-notification__count">
          {draft.title.length} of {adminNotificationLimits.title} characters
        </p>
        <FieldErrors id={`${id}-title-error`} messages={errors.title} />
      </div>

      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-body`}>
          Text
        </label>
        <textarea
          id={`${id}-body`}
          className="form-field__input"
          rows={5}
          value={draft.body}
          onChange={(event) => set('body', event.target.value)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={[`${id}-body-hint`, described('body')].filter(Boolean).join(' ')}
        />
        <p id={`${id}-body-hint`} className="muted compose-notification__count">
          {draft.body.length} of {adminNotificationLimits.body} characters. {FIRSTNAME_PLACEHOLDER} in the title or text becomes each
          recipient&apos;s first name.
        </p>
        <FieldErrors id={`${id}-body-error`} messages={errors.body} />
      </div>

      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-url`}>
          Link (optional)
        </label>
        <input
          id={`${id}-url`}
          className="form-field__input"
          value={draft.url}
          placeholder="/timetable or https://…"
          onChange={(event) => set('url', event.target.value)}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={described('url')}
        />
        <FieldErrors id={`${id}-url-error`} messages={errors.url} />
      </div>

      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-type`}>
          Type
        </label>
        <select
          id={`${id}-type`}
          className="form-field__input"
          value={draft.notificationType}
          onChange={(event) => set('notificationType', notificationTypeSchema.options.find((type) => type === event.target.value) ?? 'General')}
        >
          {notificationTypeSchema.options.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="compose-notification__audience">
        <legend>Audience</legend>
        <p className="muted">Anyone matching any choice below gets it. Choose nothing to send to everyone.</p>
        <fieldset className="compose-notification__pickers">
          <legend>Roles</legend>
          {roleNames.map((role) => (
            <label key={role} className="compose-notification__check">
              <input type="checkbox" checked={draft.roles.includes(role)} onChange={(event) => toggleRole(role, event.target.checked)} />
              {roleLabels[role]}
            </label>
          ))}
        </fieldset>
        {audiencePickers}
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-users`}>
            Named users (user names, separated by commas)
          </label>
          <input id={`${id}-users`} className="form-field__input" value={draft.userNames} onChange={(event) => set('userNames', event.target.value)} />
        </div>
        {audienceErrors.map(([key, messages]) => (
          <p key={key} className="form-field__error">
            {messages.join(' ')}
          </p>
        ))}
        <p className="compose-notification__recipients" role="status">
          {recipients.text}
        </p>
      </fieldset>

      <fieldset className="compose-notification__when">
        <legend>When</legend>
        <label className="compose-notification__check">
          <input type="radio" name={`${id}-when`} checked={!draft.isScheduled} onChange={() => set('isScheduled', false)} />
          Send now
        </label>
        <label className="compose-notification__check">
          <input type="radio" name={`${id}-when`} checked={draft.isScheduled} onChange={() => set('isScheduled', true)} />
          Schedule
        </label>
        {draft.isScheduled && (
          <div className="compose-notification__send-at">
            <DateField label="Send on" value={draft.sendDate === '' ? null : draft.sendDate} onChange={(date) => set('sendDate', date ?? '')} isRequired />
            <TimeField label="Send at" value={draft.sendTime} onChange={(time) => set('sendTime', time)} isRequired errorMessage={sendAtError} />
          </div>
        )}
      </fieldset>

      <div className="compose-notification__actions">
        <button type="submit" className="button button--primary" disabled={isSending || !isOnline || (!isTouched && !isEditing)}>
          {isSending ? 'Saving…' : isEditing ? 'Save changes' : `${verb} notification`}
        </button>
        {isEditing && (
          <button type="button" className="button" onClick={onStopEditing}>
            Stop editing
          </button>
        )}
      </div>
    </form>
  );
}
