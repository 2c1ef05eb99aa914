import type { FormEvent } from 'react';
import type { ActionKey } from '../../../api/actionKey';
import { countOf } from '../../../format/count';
import { ConfirmForm, useConfirmedWrite } from '../../../ui/sheet/ConfirmForm';
import { ResponsiveDialog } from '../../../ui/sheet/ResponsiveDialog';

/** The question before a notification goes out now: "Send to 2,340 people now?". */
export const sendQuestion = (recipients: number): string => `Send to ${countOf(recipients, 'person', 'people')} now?`;

interface SendConfirmDialogProps {
  /** The server's count of the audience as the send would resolve it; undefined: closed. */
  readonly recipients: number | undefined;
  readonly title: string;
  /** The page's key for this send, kept across a lost answer and a second ask. */
  readonly sendKey: ActionKey;
  /** Sends; throws the refusal (the page has marked the fields). */
  readonly send: (idempotencyKey: string) => Promise<unknown>;
  readonly onClose: () => void;
}

/** /admin/notifications: asks before sending now, with the recipient count (issue 31 §6). */
export function SendConfirmDialog({ recipients, title, sendKey, send, onClose }: SendConfirmDialogProps) {
  return (
    <ResponsiveDialog isOpen={recipients !== undefined} onOpenChange={(isOpen) => { if (!isOpen) onClose(); }} title={sendQuestion(recipients ?? 0)}>
      {recipients !== undefined && <SendConfirmForm recipients={recipients} title={title} sendKey={sendKey} send={send} onClose={onClose} />}
    </ResponsiveDialog>
  );
}

function SendConfirmForm({ recipients, title, sendKey, send, onClose }: SendConfirmDialogProps & { readonly recipients: number }) {
  const write = useConfirmedWrite(onClose, sendKey);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void write.run(send);
  };
  return (
    <ConfirmForm confirmLabel="Send now" isSending={write.isSending} error={write.error} onSubmit={submit} onCancel={onClose}>
      <p>{`“${title.trim()}” goes to ${countOf(recipients, 'person', 'people')} at once: to their notification centre, and as a push on the devices that allow its type. A sent notification cannot be recalled.`}</p>
    </ConfirmForm>
  );
}
