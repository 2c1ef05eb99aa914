import type { FormEvent } from 'react';
import { ConfirmForm, useConfirmedWrite } from '../../ui/sheet/ConfirmForm';
import { ResponsiveDialog } from '../../ui/sheet/ResponsiveDialog';

interface MoveClashDialogProps {
  /** The server's list of what the new time clashes with; the dialog is open while there is one. */
  readonly clashes: readonly string[] | undefined;
  readonly onClose: () => void;
  /** Sends the move again, accepting the clashes (audited by the server). */
  readonly onConfirm: () => Promise<void>;
}

/** A move whose new time clashes: what it clashes with, and "Move anyway" or Cancel. */
export function MoveClashDialog({ clashes, onClose, onConfirm }: MoveClashDialogProps) {
  return (
    <ResponsiveDialog isOpen={clashes !== undefined} onOpenChange={(open) => !open && onClose()} title="The new time clashes">
      {clashes && <MoveClashForm clashes={clashes} onCancel={onClose} onConfirm={onConfirm} />}
    </ResponsiveDialog>
  );
}

function MoveClashForm({ clashes, onCancel, onConfirm }: { readonly clashes: readonly string[]; readonly onCancel: () => void; readonly onConfirm: () => Promise<void> }) {
  const write = useConfirmedWrite(onCancel);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void write.run(onConfirm);
  };
  return (
    <ConfirmForm confirmLabel="Move anyway" isSending={write.isSending} error={write.error} onSubmit={submit} onCancel={onCancel}>
      <p>At the new time:</p>
      <ul className="register__clashes">
        {clashes.map((clash) => <li key={clash}>{clash}</li>)}
      </ul>
      <p>Move the class anyway? Its students and staff will be told, and that you accepted these clashes is recorded.</p>
    </ConfirmForm>
  );
}
