import { useEffect, useId, useState, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { wideScreenQuery } from '../../routing/media';
import { useMediaQuery } from '../useMediaQuery';
import { CalendarPopup } from './CalendarPopup';
import { FieldError } from './FieldError';
import { deviceShowsUkDates } from './deviceFormats';
import { checkDateText, checkIsoDate, dateFormatMessage, formatDisplayDate, isIsoDate, maskDateInput, parseDisplayDate, type DateRange, type DateTextCheck } from './dateText';
import { describedBy, useFieldText } from './useFieldText';
import '../field.css';

export interface DateFieldProps {
  readonly label: string;
  /** 'YYYY-MM-DD', or null for no date. */
  readonly value: string | null;
  readonly onChange: (value: string | null) => void;
  /** Inclusive ISO bounds. */
  readonly min?: string | null;
  readonly max?: string | null;
  readonly isDisabled?: boolean;
  readonly isRequired?: boolean;
  /** An error from the form, shown when the field has none of its own. */
  readonly errorMessage?: string;
  /** Told the field's own problem with what was typed (or undefined once there is none). */
  readonly onProblemChange?: (problem: string | undefined) => void;
  readonly name?: string;
  /** The id of something else that describes the field (a warning about the value), if any. */
  readonly descriptionId?: string | undefined;
}

/**
 * Tells the form the field's own problem. A typed date the field refuses commits null, so the
 * form alone would only know the date is missing; a summary of the errors needs the real reason.
 */
function useReportedProblem(problem: string | undefined, onProblemChange: DateFieldProps['onProblemChange']): void {
  // A new callback each render reports the same problem again: the form keeps its state then.
  useEffect(() => {
    onProblemChange?.(problem);
  }, [problem, onProblemChange]);
}

/**
 * A date (SPEC §2 "Date picker", §5). Wide screens: a text input masked ##/##/#### with a popup
 * calendar; phones: the native date input. Days out of range cannot be picked, and the rules run on
 * demand (Enter, or leaving the field or closing the popup after editing it): a typed impossible or
 * out-of-range date is explained inline and not committed; the value becomes null, so the form
 * never holds a date the field does not show. Cross-field order (end after start) is the form's.
 */
export function DateField(props: DateFieldProps) {
  const isWide = useMediaQuery(wideScreenQuery);
  return isWide ? <MaskedDateField {...props} /> : <NativeDateField {...props} />;
}

function MaskedDateField({ label, value, onChange, min, max, isDisabled = false, isRequired = false, errorMessage, onProblemChange, name, descriptionId }: DateFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const range: DateRange = { min, max };
  const field = useFieldText(value, formatDisplayDate);
  const commit = field.commitWith(onChange);
  const [isCalendarOpen, setCalendarOpen] = useState(false);
  const message = field.error ?? errorMessage;
  useReportedProblem(field.error, onProblemChange);

  /** The rules, on demand: commit a good date (tidied), explain a bad one and commit nothing. */
  const check = (text: string) => {
    const result = checkDateText(text, range);
    if (result.error === undefined) {
      field.setError(undefined);
      field.setText(formatDisplayDate(result.value));
      commit(result.value);
    } else {
      field.setError(result.error);
      commit(null);
    }
  };

  const pick = (iso: string) => {
    field.setText(formatDisplayDate(iso));
    field.setError(undefined);
    commit(iso);
  };

  const onCalendarOpenChange = (isOpen: boolean) => {
    setCalendarOpen(isOpen);
    if (!isOpen && field.needsCheck(field.text)) check(field.text);
  };

  return (
    <div className="form-field" data-invalid={message ? true : undefined}>
      <label htmlFor={inputId} className="form-field__label">
        {label}
      </label>
      <span id={hintId} className="visually-hidden">
        Day, month and year, as DD/MM/YYYY
      </span>
      <div className="date-field__control">
        <input
          id={inputId}
          className="form-field__input date-field__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="DD/MM/YYYY"
          maxLength={10}
          value={field.text}
          disabled={isDisabled}
          required={isRequired}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy(hintId, Boolean(message) && errorId, descriptionId)}
          onChange={(event: ChangeEvent<HTMLInputElement>) => field.setText(maskDateInput(event.currentTarget.value))}
          onBlur={(event: FocusEvent<HTMLInputElement>) => {
            // Passing through leaves a committed date alone, even if the other field moved a bound.
            if (field.needsCheck(event.currentTarget.value)) check(event.currentTarget.value);
          }}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Enter') check(event.currentTarget.value);
          }}
        />
        <CalendarPopup
          label={label}
          isOpen={isCalendarOpen}
          onOpenChange={onCalendarOpenChange}
          isDisabled={isDisabled}
          selected={parseDisplayDate(field.text) ?? value}
          min={min}
          max={max}
          onPick={pick}
        />
      </div>
      {name !== undefined && <input type="hidden" name={name} value={value ?? ''} />}
      <FieldError id={errorId} message={message} />
    </div>
  );
}

function NativeDateField({ label, value, onChange, min, max, isDisabled = false, isRequired = false, errorMessage, onProblemChange, name, descriptionId }: DateFieldProps) {
  const inputId = useId();
  const errorId = useId();
  const formatId = useId();
  const range: DateRange = { min, max };
  const field = useFieldText(value, (iso) => iso ?? '');
  const commit = field.commitWith(onChange);
  const message = field.error ?? errorMessage;
  useReportedProblem(field.error, onProblemChange);

  const apply = (result: DateTextCheck) => {
    field.setError(result.error);
    commit(result.error === undefined ? result.value : null);
  };

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    field.setText(input.value);
    // A half-typed date reads as '' with badInput: wait for the user to finish it. A complete one
    // is checked at once, so the form never keeps an older date than the one the field shows.
    if (!input.validity.badInput) apply(checkIsoDate(input.value, range));
  };

  // The device shows another date format: the chosen date is also written as DD/MM/YYYY.
  const showsUkFormat = isIsoDate(field.text) && !deviceShowsUkDates();

  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (input.validity.badInput) apply({ error: dateFormatMessage });
    else if (field.needsCheck(input.value)) apply(checkIsoDate(input.value, range));
  };

  return (
    <div className="form-field" data-invalid={message ? true : undefined}>
      <label htmlFor={inputId} className="form-field__label">
        {label}
      </label>
      <input
        id={inputId}
        className="form-field__input"
        type="date"
        name={name}
        value={field.text}
        min={min ?? undefined}
        max={max ?? undefined}
        disabled={isDisabled}
        required={isRequired}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(showsUkFormat && formatId, Boolean(message) && errorId, descriptionId)}
        onChange={onInputChange}
        onBlur={onBlur}
      />
      {showsUkFormat && (
        <p id={formatId} className="form-field__format">
          {formatDisplayDate(field.text)}
        </p>
      )}
      <FieldError id={errorId} message={message} />
    </div>
  );
}
