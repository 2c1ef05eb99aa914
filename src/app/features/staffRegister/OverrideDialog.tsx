import { useId, useState, type FormEvent } from 'react';
import { changeReasonMax, overrideReasonMessage, type ClassRegister, type RegisterStudent } from '../../../shared/contract/staffRegister';
import { ConfirmForm, useConfirmedWrite } from '../../ui/sheet/ConfirmForm';
import { ResponsiveDialog } from '../../ui/sheet/ResponsiveDialog';
import { toast } from '../../ui/toast/toastStore';
import { markPresentAfterClose } from './useRegister';
import '../../ui/field.css';

interface OverrideDialogProps {
  readonly register: ClassRegister;
  /** The student to mark present; the dialog is open while there is one. */
  readonly student: RegisterStudent | undefined;
  readonly onClose: () => void;
  readonly onChanged: (register: ClassRegister) => void;
}

/**
 * Marking a student present after the register has closed changes a final record: the lecturer
 * gives a short reason, which is audited and shown in the register's history.
 */
export function OverrideDialog({ register, student, onClose, onChanged }: OverrideDialogProps) {
  return (
    <ResponsiveDialog isOpen={student !== undefined} onOpenChange={(open) => !open && onClose()} title={`Mark ${student?.displayName ?? 'student'} present`}>
      {student && <OverrideForm register={register} student={student} onCancel={onClose} onChanged={onChanged} />}
    </ResponsiveDialog>
  );
}

function OverrideForm({ register, student, onCancel, onChanged }: {
  readonly register: ClassRegister; readonly student: RegisterStudent; readonly onCancel: () => void; readonly onChanged: (register: ClassRegister) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const write = useConfirmedWrite(onCancel);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setProblem(overrideReasonMessage);
      return;
    }
    setProblem(undefined);
    void write.run(async () => {
      onChanged(await markPresentAfterClose(register.rowId, student.userId, reason.trim()));
      toast.positive(`${student.displayName} marked present`);
    });
  };
  return (
    <ConfirmForm confirmLabel="Mark present" isSending={write.isSending} error={write.error} onSubmit={submit} onCancel={onCancel}>
      <p>The register is closed. Say briefly why {student.displayName} is marked present now; the reason is kept in the register&apos;s history.</p>
      <div className="form-field" data-invalid={problem ? true : undefined}>
        <label className="form-field__label" htmlFor={`${id}-reason`}>Reason</label>
        <input
          id={`${id}-reason`}
          className="form-field__input"
          value={reason}
          maxLength={changeReasonMax}
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-reason-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {problem && <p id={`${id}-reason-error`} className="form-field__error">{problem}</p>}
      </div>
    </ConfirmForm>
  );
}
