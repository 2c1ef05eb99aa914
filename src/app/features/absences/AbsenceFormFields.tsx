import { useId } from 'react';
import { absenceFileRoute, type AbsenceConfig, type AbsenceRequest } from '../../../shared/contract/absences';
import { absence } from '../../../shared/constants';
import { parseRowId } from '../../../shared/contract/common';
import { absenceErrorKeys, type AbsenceFieldErrors } from '../../../shared/rules/absences';
import { buildUrl } from '../../api/url';
import { DateField } from '../../ui/dateField/DateField';
import { FileUploader } from '../../ui/fileUploader/FileUploader';
import { absenceFileRules } from '../../ui/fileUploader/fileRules';
import { TimeField } from '../../ui/timeField/TimeField';
import { categoryOf } from './absenceDialog.rules';
import { dateBounds, fieldError, type AbsenceFormValues } from './absenceForm';
import '../../ui/field.css';

export interface AbsenceFormFieldsProps {
  readonly mode: 'create' | 'edit';
  readonly request: AbsenceRequest | undefined;
  readonly config: AbsenceConfig;
  readonly values: AbsenceFormValues;
  readonly keptFiles: AbsenceRequest['supportingFiles'];
  readonly pendingFiles: readonly File[];
  readonly errors: AbsenceFieldErrors;
  readonly progress: number | null;
  readonly isDisabled: boolean;
  readonly onChange: (changes: Partial<AbsenceFormValues>) => void;
  readonly onPendingFilesChange: (files: File[]) => void;
  readonly onRemoveExistingFile: (rowId: number) => void;
  /** A date field's own problem with what was typed, by error key (undefined once gone). */
  readonly onDateProblem?: (key: string, problem: string | undefined) => void;
  /** The warning that the range overlaps the student's open requests; undefined when it does not. */
  readonly overlapWarning?: string | undefined;
}

/** SPEC §2 form fields, with the labels the e2e page object uses. */
export function AbsenceFormFields(props: AbsenceFormFieldsProps) {
  const { mode, request, config, values, errors, isDisabled, onChange, onDateProblem, overlapWarning } = props;
  const switchId = useId();
  const overlapId = useId();
  const reasonId = useId();
  const reasonHelpId = useId();
  const reasonErrorId = useId();
  const descriptionId = useId();
  const descriptionCountId = useId();
  const descriptionErrorId = useId();
  const bounds = dateBounds(values, mode, config.dateLimits);
  const category = categoryOf(config, values.categoryRowId);
  const reasonError = fieldError(errors, absenceErrorKeys.category);
  const descriptionError = fieldError(errors, absenceErrorKeys.description);
  const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

  return (
    <>
      <div className="absence-switch">
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          checked={values.isAllDay}
          disabled={isDisabled}
          onChange={(event) => onChange({ isAllDay: event.currentTarget.checked })}
        />
        <label htmlFor={switchId}>All day</label>
      </div>
      <div className="absence-form__dates">
        <div className="absence-form__range">
          <DateField
            label="Start date"
            name="startDate"
            value={values.startDate}
            onChange={(startDate) => onChange({ startDate })}
            min={bounds.startMin}
            max={bounds.startMax}
            isDisabled={isDisabled}
            isRequired
            errorMessage={fieldError(errors, absenceErrorKeys.startDate)}
            onProblemChange={(problem) => onDateProblem?.(absenceErrorKeys.startDate, problem)}
            descriptionId={overlapWarning ? overlapId : undefined}
          />
          {!values.isAllDay && (
            <TimeField
              label="Start time"
              name="startTime"
              value={values.startTime}
              onChange={(startTime) => onChange({ startTime })}
              isDisabled={isDisabled}
              isRequired
              errorMessage={fieldError(errors, absenceErrorKeys.startTime)}
            />
          )}
          <DateField
            label="End date"
            name="endDate"
            value={values.endDate}
            onChange={(endDate) => onChange({ endDate })}
            min={bounds.endMin}
            max={bounds.endMax}
            isDisabled={isDisabled}
            isRequired
            errorMessage={fieldError(errors, absenceErrorKeys.endDate)}
            onProblemChange={(problem) => onDateProblem?.(absenceErrorKeys.endDate, problem)}
            descriptionId={overlapWarning ? overlapId : undefined}
          />
          {!values.isAllDay && (
            <TimeField
              label="End time"
              name="endTime"
              value={values.endTime}
              onChange={(endTime) => onChange({ endTime })}
              isDisabled={isDisabled}
              isRequired
              errorMessage={fieldError(errors, absenceErrorKeys.endTime)}
            />
          )}
        </div>
        {/* Always there, so what appears in it is announced (politely: it never blocks sending). */}
        <p id={overlapId} role="status" aria-live="polite" className="absence-overlap">
          {overlapWarning}
        </p>
      </div>
      {values.isAllDay && <p className="muted absence-form__hint">All day: from the start of the first day to the end of the last day.</p>}

      <div className="form-field">
        <label htmlFor={reasonId} className="form-field__label">
          Reason
        </label>
        <select
          id={reasonId}
          className="form-field__input absence-form__select"
          value={values.categoryRowId ?? ''}
          disabled={isDisabled}
          required
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={describedBy(category && reasonHelpId, reasonError && reasonErrorId)}
          onChange={(event) => onChange({ categoryRowId: parseRowId(event.currentTarget.value) ?? null })}
        >
          <option value="">Choose a reason</option>
          {config.categories.map((option) => (
            <option key={option.rowId} value={option.rowId}>
              {option.absenceCategoryName}
            </option>
          ))}
          {request && !category && values.categoryRowId !== null && <option value={values.categoryRowId}>Unknown category</option>}
        </select>
        {category && (
          <div id={reasonHelpId} className="absence-form__category">
            <p>{category.absenceCategoryDescription}</p>
            {category.absenceType === 'Informed' && (
              <p className="absence-form__informed">
                This is an informed absence: any classes it affects will still count as missed in your attendance.
              </p>
            )}
          </div>
        )}
        {reasonError && (
          <p id={reasonErrorId} className="form-field__error">
            {reasonError}
          </p>
        )}
      </div>

      <div className="form-field">
        <label htmlFor={descriptionId} className="form-field__label">
          Additional information
        </label>
        <textarea
          id={descriptionId}
          className="form-field__input absence-form__textarea"
          rows={4}
          value={values.description}
          maxLength={absence.descriptionMaxLength}
          disabled={isDisabled}
          required={category?.requiresDescription}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={describedBy(descriptionCountId, descriptionError && descriptionErrorId)}
          onChange={(event) => onChange({ description: event.currentTarget.value })}
        />
        <p id={descriptionCountId} className="muted absence-form__count">
          {category?.requiresDescription ? 'Required for this reason. ' : 'Optional. '}
          {values.description.length} of {absence.descriptionMaxLength} characters
        </p>
        {descriptionError && (
          <p id={descriptionErrorId} className="form-field__error">
            {descriptionError}
          </p>
        )}
      </div>

      {/* Same count as the rule that refuses the submit (absenceDialog.rules.ts): gone once a file is there. */}
      {category?.requiresEvidence && props.keptFiles.length + props.pendingFiles.length === 0 && (
        <p className="muted absence-form__hint">This reason needs supporting evidence: add at least one file below.</p>
      )}
      <FileUploader
        label="Supporting files"
        existing={props.keptFiles.map((file) => ({
          rowId: file.rowId,
          fileName: file.fileName,
          ...(request
            ? { href: buildUrl(absenceFileRoute.path, { rowId: request.rowId, fileRowId: file.rowId }) }
            : {}),
        }))}
        onRemoveExisting={props.onRemoveExistingFile}
        pending={props.pendingFiles}
        onPendingChange={props.onPendingFilesChange}
        rules={absenceFileRules}
        progress={props.progress}
        isDisabled={isDisabled}
        errorMessage={fieldError(errors, absenceErrorKeys.files)}
      />
    </>
  );
}
