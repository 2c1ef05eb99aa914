import type { FormEvent } from 'react';
import type { ClassRegister } from '../../../shared/contract/staffRegister';
import { ConfirmForm, useConfirmedWrite } from '../../ui/sheet/ConfirmForm';
import { ResponsiveDialog } from '../../ui/sheet/ResponsiveDialog';
import { toast } from '../../ui/toast/toastStore';
import { closeQuestion } from './registerLabels';
import { closeRegister } from './useRegister';

interface CloseRegisterDialogProps {
  readonly register: ClassRegister;
  readonly isOpen: boolean;
  readonly onClose: () => void;
  readonly onClosed: (register: ClassRegister) => void;
}

/** "Close register now" asks first, saying how many students will be recorded absent. */
export function CloseRegisterDialog({ register, isOpen, onClose, onClosed }: CloseRegisterDialogProps) {
  return (
    <ResponsiveDialog isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title="Close the register">
      {isOpen && <CloseRegisterForm register={register} onCancel={onClose} onClosed={onClosed} />}
    </ResponsiveDialog>
  );
}

function CloseRegisterForm({ register, onCancel, onClosed }: { readonly register: ClassRegister; readonly onCancel: () => void; readonly onClosed: (register: ClassRegister) => void }) {
  const write = useConfirmedWrite(onCancel);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void write.run(async () => {
      onClosed(await closeRegister(register.rowId));
      toast.positive('Register closed');
    });
  };
  return (
    <ConfirmForm confirmLabel="Close register" isSending={write.isSending} error={write.error} onSubmit={submit} onCancel={onCancel}>
      <p>{closeQuestion(register)}</p>
    </ConfirmForm>
  );
}
