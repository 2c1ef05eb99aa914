import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { ActionKey } from '../../api/actionKey';
import { toErrorDetails } from '../../api/errorHandler';
import './sheet.css';

/*
 * The inside of a dialog that asks before a write with wide effects (apply an import, sign out of
 * all devices, end a user's sessions, send a notification, delete an admin record): what will
 * happen, the server's refusal if any, Cancel and the action.
 */

export interface ConfirmFormProps {
  readonly confirmLabel: string;
  readonly isSending: boolean;
  readonly error: string | undefined;
  readonly onSubmit: (event: FormEvent) => void;
  readonly onCancel: () => void;
  /** The action cannot be taken yet or at all (still checking, or the text says why); Cancel stays. */
  readonly isConfirmDisabled?: boolean;
  readonly children: ReactNode;
}

/** A confirmation's text, the server's refusal if any, then Cancel and the action. */
export function ConfirmForm({ confirmLabel, isSending, error, onSubmit, onCancel, isConfirmDisabled = false, children }: ConfirmFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="confirm-form">
      {children}
      {error !== undefined && (
        <p role="alert" className="callout callout--negative confirm-form__refusal">
          {error}
        </p>
      )}
      <div className="responsive-dialog__actions">
        <Button className="button" onPress={onCancel} isDisabled={isSending}>
          Cancel
        </Button>
        <Button type="submit" className="button button--primary" isDisabled={isSending || isConfirmDisabled}>
          {isSending ? 'Sending…' : confirmLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * One confirmed write: its key (kept across retries), whether it is on its way, and the refusal.
 * Pass the page's own key when the action may be asked again from a new dialog (a notification
 * sent again after an answer that never arrived must keep its first key).
 */
export function useConfirmedWrite(onDone: () => void, actionKey?: ActionKey) {
  const [ownKey] = useState(() => new ActionKey());
  const key = actionKey ?? ownKey;
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string>();
  const run = async (write: (idempotencyKey: string) => Promise<unknown>) => {
    setIsSending(true);
    setError(undefined);
    try {
      await write(key.current());
      key.finish();
      onDone();
    } catch (caught) {
      setError(toErrorDetails(caught).message);
    } finally {
      setIsSending(false);
    }
  };
  return { isSending, error, run };
}

