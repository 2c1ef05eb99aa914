import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { ImportReport } from '../../../../shared/contract/adminImports';
import { ConfirmForm, useConfirmedWrite } from '../../../ui/sheet/ConfirmForm';
import { ResponsiveDialog } from '../../../ui/sheet/ResponsiveDialog';
import { applyImport, revertImport } from './imports.queries';
import { countsSentence } from './importText';

export const acceptWarningsLabel = 'I have read the warnings and want to apply this import anyway';
export const revertText = 'What it created is deactivated, what it changed is put back.';

interface ConfirmDialogProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
  /** The request was accepted: the batch's job has been queued (and its report is read again). */
  readonly onDone: () => void;
  readonly report: ImportReport;
}

/** Apply: what it will do in one sentence and, while warnings stand, an explicit acceptance. */
export function ApplyDialog({ isOpen, onClose, onDone, report }: ConfirmDialogProps) {
  return (
    <ResponsiveDialog isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title="Apply this import?">
      {isOpen && <ApplyForm report={report} onClose={onClose} onDone={onDone} />}
    </ResponsiveDialog>
  );
}

function ApplyForm({ report, onClose, onDone }: Omit<ConfirmDialogProps, 'isOpen'>) {
  const id = useId();
  const checkboxRef = useRef<HTMLInputElement>(null);
  const [isAccepted, setIsAccepted] = useState(false);
  const [mustAccept, setMustAccept] = useState(false);
  const write = useConfirmedWrite(onDone);
  const queryClient = useQueryClient();
  const warningCount = report.warnings.length + report.moreWarnings;
  const hasWarnings = warningCount > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasWarnings && !isAccepted) {
      setMustAccept(true);
      checkboxRef.current?.focus();
      return;
    }
    void write.run((idempotencyKey) => applyImport(queryClient, report.rowId, hasWarnings && isAccepted, idempotencyKey));
  };

  return (
    <ConfirmForm confirmLabel="Apply import" isSending={write.isSending} error={write.error} onSubmit={submit} onCancel={onClose}>
      <p className="admin-imports__sentence">{countsSentence(report.counts)}</p>
      <p>Students and staff see the changes as soon as it is applied. It can be reverted later, unless a later import changes the same records.</p>
      {hasWarnings && (
        <div className="admin-imports__accept">
          <p>{`This import has ${warningCount === 1 ? 'a warning' : `${warningCount} warnings`}; read ${warningCount === 1 ? 'it' : 'them'} in the report first.`}</p>
          <label className="admin-choices__item">
            <input
              ref={checkboxRef}
              type="checkbox"
              checked={isAccepted}
              required
              aria-invalid={mustAccept && !isAccepted ? true : undefined}
              aria-describedby={mustAccept && !isAccepted ? `${id}-accept-error` : undefined}
              onChange={(event) => setIsAccepted(event.target.checked)}
            />
            {acceptWarningsLabel}
          </label>
          {mustAccept && !isAccepted && (
            <p id={`${id}-accept-error`} className="form-field__error" role="alert">
              Tick the box to apply an import with warnings.
            </p>
          )}
        </div>
      )}
    </ConfirmForm>
  );
}

/** Revert: what reverting does, then 'Revert import'. */
export function RevertDialog({ isOpen, onClose, onDone, report }: ConfirmDialogProps) {
  return (
    <ResponsiveDialog isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title="Revert this import?">
      {isOpen && <RevertForm report={report} onClose={onClose} onDone={onDone} />}
    </ResponsiveDialog>
  );
}

function RevertForm({ report, onClose, onDone }: Omit<ConfirmDialogProps, 'isOpen'>) {
  const write = useConfirmedWrite(onDone);
  const queryClient = useQueryClient();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void write.run((idempotencyKey) => revertImport(queryClient, report.rowId, idempotencyKey));
  };
  return (
    <ConfirmForm confirmLabel="Revert import" isSending={write.isSending} error={write.error} onSubmit={submit} onCancel={onClose}>
      <p>{revertText}</p>
    </ConfirmForm>
  );
}
