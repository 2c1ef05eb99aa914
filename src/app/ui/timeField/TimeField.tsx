import { useId, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { wideScreenQuery } from '../../routing/media';
import { deviceShows24Hour } from '../dateField/deviceFormats';
import { FieldError } from '../dateField/FieldError';
import { describedBy, useFieldText } from '../dateField/useFieldText';
import { useMediaQuery } from '../useMediaQuery';
import { checkTimeText, maskTimeInput, timeFormatMessage } from './timeText';
import '../field.css';

export interface TimeFieldProps {
  readonly label: string;
  /** 'HH:mm' (24-hour), or '' for no time. */
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly isDisabled?: boolean;
  readonly isRequired?: boolean;
  /** An error from the form, shown when the field has none of its own. */
  readonly errorMessage?: string;
  readonly name?: string;
}

/**
 * A 24-hour time (SPEC §2 "Time picker"). Wide screens: a text input masked ##:##, checked on blur
 * and Enter (25:00 or 12:61 is explained and not committed: the value becomes ''); phones: the
 * native time input.
 */
export function TimeField(props: TimeFieldProps) {
  const isWide = useMediaQuery(wideScreenQuery);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const formatId = useId();
  const field = useFieldText(props.value, (time) => time);
  const commit = field.commitWith(props.onChange);
  const message = field.error ?? props.errorMessage;

  const check = (text: string, isBadInput = false) => {
    const result = isBadInput ? { error: timeFormatMessage } : checkTimeText(text);
    if (result.error === undefined) {
      field.setError(undefined);
      field.setText(result.value);
      commit(result.value);
    } else {
      field.setError(result.error);
      commit('');
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (isWide) {
      field.setText(maskTimeInput(input.value));
      return;
    }
    // The native input reports complete times only ('' with badInput while half typed).
    field.setText(input.value);
    if (!input.validity.badInput) check(input.value);
  };

  // A phone whose clock shows am/pm: the chosen time is also written on the 24-hour clock.
  const shows24Hour = !isWide && /^\d{2}:\d{2}$/.test(field.text) && !deviceShows24Hour();

  return (
    <div className="form-field" data-invalid={message ? true : undefined}>
      <label htmlFor={inputId} className="form-field__label">
        {props.label}
      </label>
      {isWide && (
        <span id={hintId} className="visually-hidden">
          Hours and minutes, 24-hour, as HH:mm
        </span>
      )}
      <input
        id={inputId}
        className="form-field__input time-field__input"
        type={isWide ? 'text' : 'time'}
        inputMode={isWide ? 'numeric' : undefined}
        autoComplete="off"
        placeholder={isWide ? 'HH:mm' : undefined}
        maxLength={isWide ? 5 : undefined}
        name={props.name}
        value={field.text}
        disabled={props.isDisabled}
        required={props.isRequired}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(isWide && hintId, shows24Hour && formatId, Boolean(message) && errorId)}
        onChange={onChange}
        onBlur={(event: FocusEvent<HTMLInputElement>) => check(event.currentTarget.value, event.currentTarget.validity.badInput)}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (isWide && event.key === 'Enter') check(event.currentTarget.value);
        }}
      />
      {shows24Hour && (
        <p id={formatId} className="form-field__format">
          {`${field.text} (24-hour)`}
        </p>
      )}
      <FieldError id={errorId} message={message} />
    </div>
  );
}
