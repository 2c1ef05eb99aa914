import { useId, useRef, useState, type ChangeEvent, type DragEvent, type MouseEvent } from 'react';
import { FieldError } from '../dateField/FieldError';
import { describedBy } from '../dateField/useFieldText';
import { Icon } from '../icons/Icon';
import { checkIncomingFiles, formatFileSize, type FileRules, type Rejection } from './fileRules';
import { useRemovalFocus } from './useRemovalFocus';
import { useStrayDropGuard } from './useStrayDropGuard';
import './fileUploader.css';

export interface ExistingFile {
  readonly rowId: number;
  readonly fileName: string;
  /** Where it downloads from, when it can be. */
  readonly href?: string;
}

export interface FileUploaderProps {
  /** Names the group, the list and the file input. */
  readonly label: string;
  /** Files already stored with the record. */
  readonly existing: readonly ExistingFile[];
  readonly onRemoveExisting: (rowId: number) => void;
  /** Files chosen and waiting to be sent. */
  readonly pending: readonly File[];
  readonly onPendingChange: (files: File[]) => void;
  readonly rules: FileRules;
  /** 0..1 while the files upload; null or absent otherwise. */
  readonly progress?: number | null;
  readonly isDisabled?: boolean;
  /** An error from the form (e.g. evidence required). */
  readonly errorMessage?: string;
}

/**
 * Supporting files (SPEC §2, §5): the files already sent and those waiting, each removable; an
 * 'Add files' control that is a real `<input type=file multiple>` (keyboard and screen readers use
 * it directly), or files dropped onto the box. Files the rules refuse are named, with the reason,
 * in a live region; a progress bar shows while uploading.
 */
export function FileUploader({
  label,
  existing,
  onRemoveExisting,
  pending,
  onPendingChange,
  rules,
  progress,
  isDisabled = false,
  errorMessage,
}: FileUploaderProps) {
  const legendId = useId();
  const inputId = useId();
  const buttonTextId = useId();
  const rulesId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [rejected, setRejected] = useState<readonly Rejection[]>([]);
  const [isDropTarget, setDropTarget] = useState(false);
  const isUploading = typeof progress === 'number';
  const isLocked = isDisabled || isUploading;

  const add = (incoming: File[]) => {
    if (incoming.length === 0) return;
    const result = checkIncomingFiles(pending, incoming, rules);
    setRejected(result.rejected);
    if (result.accepted.length > 0) onPendingChange([...pending, ...result.accepted]);
  };

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    add([...(event.currentTarget.files ?? [])]);
    // The same file may be chosen again after it was removed.
    event.currentTarget.value = '';
  };

  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (isLocked || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDropTarget(true);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    setDropTarget(false);
    if (isLocked) return;
    event.preventDefault();
    add([...event.dataTransfer.files]);
  };

  const removePending = (file: File) => {
    setRejected([]);
    onPendingChange(pending.filter((other) => other !== file));
  };

  const noteRemoval = useRemovalFocus(listRef, inputRef, '.file-uploader__remove');
  useStrayDropGuard();

  const hasFiles = existing.length > 0 || pending.length > 0;
  return (
    <fieldset
      className="file-uploader"
      data-drop-target={isDropTarget || undefined}
      data-invalid={errorMessage ? true : undefined}
      disabled={isDisabled}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setDropTarget(false);
      }}
      onDrop={onDrop}
    >
      <legend id={legendId} className="form-field__label file-uploader__legend">
        {label}
      </legend>
      <p id={rulesId} className="file-uploader__rules">
        {describeRules(rules)}
      </p>
      {hasFiles && (
        <ul ref={listRef} className="file-uploader__list" aria-labelledby={legendId}>
          {existing.map((file) => (
            <li key={`existing-${file.rowId}`} className="file-uploader__item">
              <Icon name="document" size={20} className="file-uploader__icon" />
              <span className="file-uploader__name">
                {file.href ? (
                  <a href={file.href} download={file.fileName}>
                    {file.fileName}
                  </a>
                ) : (
                  file.fileName
                )}
              </span>
              <span className="file-uploader__state">Sent</span>
              <RemoveButton
                fileName={file.fileName}
                isDisabled={isLocked}
                onRemove={(event) => {
                  noteRemoval(event);
                  onRemoveExisting(file.rowId);
                }}
              />
            </li>
          ))}
          {pending.map((file, index) => (
            <li key={`pending-${index}-${file.name}-${file.size}`} className="file-uploader__item">
              <Icon name="document" size={20} className="file-uploader__icon" />
              <span className="file-uploader__name">{file.name}</span>
              <span className="file-uploader__state">{`${formatFileSize(file.size)}, to send`}</span>
              <RemoveButton
                fileName={file.name}
                isDisabled={isLocked}
                onRemove={(event) => {
                  noteRemoval(event);
                  removePending(file);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="file-uploader__add">
        <input
          ref={inputRef}
          id={inputId}
          className="file-uploader__input visually-hidden"
          type="file"
          multiple
          accept={rules.accept.join(',')}
          disabled={isLocked}
          aria-labelledby={`${legendId} ${buttonTextId}`}
          aria-describedby={describedBy(rulesId, Boolean(errorMessage) && errorId)}
          aria-invalid={errorMessage ? true : undefined}
          onChange={onInputChange}
        />
        {/*
          The input's visible label, looking like a button (the input itself is visually hidden). It
          is not hidden from assistive technology: checkers (axe's label-title-only) and some screen
          readers take a visible <label for> as the label even when it is scrolled out of sight.
        */}
        <label htmlFor={inputId} className="button file-uploader__button">
          <span id={buttonTextId}>Add files</span>
        </label>
        <span className="file-uploader__drop-hint" aria-hidden="true">
          or drop them here
        </span>
      </div>
      {typeof progress === 'number' && (
        <div className="file-uploader__progress">
          <progress max={1} value={progress} aria-label={`Uploading ${label.toLowerCase()}`} />
          <span aria-hidden="true">{`${Math.round(progress * 100)}%`}</span>
        </div>
      )}
      <div className="file-uploader__notices" aria-live="polite">
        {rejected.length > 0 && (
          <ul className="file-uploader__rejected">
            {rejected.map((rejection, index) => (
              <li key={`${index}-${rejection.fileName}`}>{rejection.message}</li>
            ))}
          </ul>
        )}
      </div>
      <FieldError id={errorId} message={errorMessage} />
    </fieldset>
  );
}

interface RemoveButtonProps {
  readonly fileName: string;
  readonly isDisabled: boolean;
  readonly onRemove: (event: MouseEvent<HTMLButtonElement>) => void;
}

function RemoveButton({ fileName, isDisabled, onRemove }: RemoveButtonProps) {
  return (
    <button type="button" className="icon-button file-uploader__remove" aria-label={`Remove ${fileName}`} disabled={isDisabled} onClick={onRemove}>
      <Icon name="close" size={20} />
    </button>
  );
}

/** 'PDF, DOCX, EML or image files, up to 5 MB each, at most 10 at once.' */
export function describeRules(rules: FileRules): string {
  const parts = [`${rules.typeDescription ? `${rules.typeDescription} files` : 'Files'}, up to ${formatFileSize(rules.maxFileSize)} each`];
  if (rules.maxFiles !== undefined) parts.push(`at most ${rules.maxFiles} at once`);
  if (rules.maxTotalSize !== undefined) parts.push(`${formatFileSize(rules.maxTotalSize)} in all`);
  return `${parts.join(', ')}.`;
}
