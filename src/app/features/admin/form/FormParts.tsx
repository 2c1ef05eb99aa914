import { useId, type ReactNode } from 'react';
import { ApiError } from '../../../api/ApiError';
import { toErrorDetails } from '../../../api/errorHandler';
import '../../../ui/field.css';

/** What went wrong with a load or a save: the message, then each field's messages (SPEC §8 shape). */
export function ErrorBox({ error, title }: { readonly error: unknown; readonly title: string }) {
  if (!error) return null;
  const apiError = error instanceof ApiError ? error : undefined;
  const message = apiError?.isNetworkError
    ? 'The server could not be reached. Check your connection; nothing was changed.'
    : error instanceof Error ? error.message : toErrorDetails(error).message;
  const fields = Object.entries(apiError?.errors ?? {});
  return (
    <div className="admin-errors" role="alert">
      <strong>{title}</strong>: {message}
      {fields.length > 0 && (
        <ul>
          {fields.map(([field, messages]) => (
            <li key={field}>
              {field}: {messages.join(' ')}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface TextInputProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly type?: 'text' | 'url' | 'number' | 'color' | 'password';
  readonly isRequired?: boolean;
  readonly hint?: ReactNode;
  readonly errors?: readonly string[] | undefined;
  readonly maxLength?: number;
  /** The browser's autofill hint, e.g. 'off' or 'new-password' for a secret it must not offer to fill. */
  readonly autoComplete?: string;
}

export function TextInput({ label, value, onChange, type = 'text', isRequired, hint, errors, maxLength, autoComplete }: TextInputProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="form-field__input"
        type={type}
        value={value}
        required={isRequired}
        maxLength={maxLength}
        autoComplete={autoComplete}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={hintId} className="muted">
          {hint}
        </p>
      )}
      {errorId && (
        <p id={errorId} className="form-field__error">
          {errors?.join(' ')}
        </p>
      )}
    </div>
  );
}

export interface Choice<V> {
  readonly value: V;
  readonly label: string;
}

interface ChoicesProps<V> {
  readonly legend: string;
  readonly choices: readonly Choice<V>[];
  readonly selected: readonly V[];
  readonly onChange: (selected: V[]) => void;
  readonly hint?: string;
  readonly errors?: readonly string[] | undefined;
}

/** A group of checkboxes choosing any number of values. */
export function Choices<V extends string | number>({ legend, choices, selected, onChange, hint, errors }: ChoicesProps<V>) {
  const id = useId();
  return (
    <fieldset className="admin-choices" aria-describedby={errors?.length ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {hint && <p className="muted">{hint}</p>}
      <div className="admin-choices__list">
        {choices.length === 0 && <span className="muted">None to choose from.</span>}
        {choices.map((choice) => (
          <label key={choice.value} className="admin-choices__item">
            <input
              type="checkbox"
              checked={selected.includes(choice.value)}
              onChange={(event) =>
                onChange(event.target.checked ? [...selected, choice.value] : selected.filter((v) => v !== choice.value))
              }
            />
            {choice.label}
          </label>
        ))}
      </div>
      {errors?.length ? (
        <p id={`${id}-error`} className="form-field__error">
          {errors.join(' ')}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The field errors of a save that failed, for one field. */
export function fieldErrors(error: unknown, field: string): readonly string[] | undefined {
  return error instanceof ApiError ? error.errors[field] : undefined;
}
