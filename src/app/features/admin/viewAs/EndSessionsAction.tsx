import { useId, useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import type { UserSearchItem } from '../../../../shared/contract/adminViewAs';
import { ConfirmForm, useConfirmedWrite } from '../../../ui/sheet/ConfirmForm';
import { ResponsiveDialog } from '../../../ui/sheet/ResponsiveDialog';
import { endUserSessions } from './userImpersonation.queries';

const endedText = (user: UserSearchItem, count: number): string =>
  count === 0
    ? `${user.displayName} had no sessions to end.`
    : `Ended ${count === 1 ? '1 session' : `${count} sessions`} of ${user.displayName}. Each of their devices deletes its copy of their data the next time it connects.`;

/** /admin/userimpersonation: end every session of the chosen user (issue 32), after asking; audited. */
export function EndSessionsAction({ user }: { readonly user: UserSearchItem }) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [result, setResult] = useState<{ readonly userName: string; readonly text: string }>();
  return (
    <section className="view-as-sessions" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Sessions</h2>
      <p className="muted">Signs {user.displayName} out on every device at once, for a lost phone or a shared computer left signed in.</p>
      <Button className="button" onPress={() => setIsOpen(true)}>
        {`End all sessions of ${user.displayName}`}
      </Button>
      <p role="status" className="view-as-sessions__result">
        {result?.userName === user.userName ? result.text : ''}
      </p>
      <ResponsiveDialog isOpen={isOpen} onOpenChange={setIsOpen} title="End all sessions?">
        {isOpen && (
          <EndSessionsForm
            user={user}
            onCancel={() => setIsOpen(false)}
            onEnded={(count) => {
              setIsOpen(false);
              setResult({ userName: user.userName, text: endedText(user, count) });
            }}
          />
        )}
      </ResponsiveDialog>
    </section>
  );
}

interface EndSessionsFormProps {
  readonly user: UserSearchItem;
  readonly onCancel: () => void;
  readonly onEnded: (count: number) => void;
}

function EndSessionsForm({ user, onCancel, onEnded }: EndSessionsFormProps) {
  // The answer carries the count, so the write itself reports it.
  const write = useConfirmedWrite(() => {});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void write.run(async (idempotencyKey) => onEnded(await endUserSessions(user.rowId, idempotencyKey)));
  };
  return (
    <ConfirmForm confirmLabel="End all sessions" isSending={write.isSending} error={write.error} onSubmit={submit} onCancel={onCancel}>
      <p>{`${user.displayName} (${user.userName}) is signed out on every device, and each device deletes its copy of their data the next time it connects. They can sign in again at once. This is recorded in the audit log.`}</p>
    </ConfirmForm>
  );
}
