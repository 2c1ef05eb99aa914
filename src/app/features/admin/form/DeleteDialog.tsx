import { useEffect, useState, type FormEvent } from 'react';
import { toErrorDetails } from '../../../api/errorHandler';
import { ConfirmForm, useConfirmedWrite } from '../../../ui/sheet/ConfirmForm';
import { ResponsiveDialog } from '../../../ui/sheet/ResponsiveDialog';
import { toast } from '../../../ui/toast/toastStore';

/** What deleting a record loses, read afresh when the dialog opens. */
export interface Loss {
  readonly text: string;
  /** The server would refuse (the record is still in use): the text says what to do first. */
  readonly isBlocked?: boolean;
}

/** One delete to confirm: a link, category, rule or directory group. */
export interface DeleteRequest {
  /** The dialog's title, naming the record: 'Delete the link “Moodle”?'. */
  readonly title: string;
  /** The confirm button: 'Delete link'. */
  readonly confirmLabel: string;
  /** Reads what would be lost now (favourites, audience members), not as the page loaded it. */
  readonly loss: () => Promise<Loss>;
  readonly remove: () => Promise<unknown>;
  /** The toast once deleted: 'Link “Moodle” deleted'. */
  readonly done: string;
}

/**
 * The admin area's one way to delete a record: `ask` opens the app's confirmation dialog (never
 * `window.confirm`) naming what will be lost; Delete deletes, says so and reloads the list; a
 * refusal stays in the dialog.
 */
export function useDeleteDialog(reload: () => Promise<unknown>) {
  const [request, setRequest] = useState<DeleteRequest>();
  const close = () => setRequest(undefined);
  const dialog = (
    <ResponsiveDialog isOpen={request !== undefined} onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }} title={request?.title ?? ''}>
      {request && (
        <DeleteForm
          request={request}
          onCancel={close}
          onDeleted={() => {
            close();
            toast.positive(request.done);
            void reload();
          }}
        />
      )}
    </ResponsiveDialog>
  );
  return { ask: setRequest, dialog };
}

interface DeleteFormProps {
  readonly request: DeleteRequest;
  readonly onCancel: () => void;
  readonly onDeleted: () => void;
}

function DeleteForm({ request, onCancel, onDeleted }: DeleteFormProps) {
  const [loss, setLoss] = useState<Loss>();
  const [lossError, setLossError] = useState<string>();
  const write = useConfirmedWrite(onDeleted);
  useEffect(() => {
    let isCurrent = true;
    request.loss().then(
      (found) => isCurrent && setLoss(found),
      (error: unknown) => isCurrent && setLossError(toErrorDetails(error).message),
    );
    return () => {
      isCurrent = false;
    };
  }, [request]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void write.run(() => request.remove());
  };
  return (
    <ConfirmForm
      confirmLabel={request.confirmLabel}
      isSending={write.isSending}
      error={write.error ?? lossError}
      onSubmit={submit}
      onCancel={onCancel}
      isConfirmDisabled={loss === undefined || loss.isBlocked === true}
    >
      <p role="status">{loss ? loss.text : lossError ? '' : 'Checking what would be lost…'}</p>
      {loss && !loss.isBlocked && <p>This cannot be undone. It is recorded in the audit log.</p>}
    </ConfirmForm>
  );
}
