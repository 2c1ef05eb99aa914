import { useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { ConfirmForm, useConfirmedWrite } from '../../ui/sheet/ConfirmForm';
import { ResponsiveDialog } from '../../ui/sheet/ResponsiveDialog';
import { signOutEverywhere } from './endEverySession';

export const signOutEverywhereLabel = 'Sign out of all devices';
export const signOutEverywhereText =
  'This ends every session you have, on this device too. Each of your other devices deletes its copy of your data the next time it connects. You then sign in again where you need the app.';

/** Settings › Privacy: ends every session of the user (issue 32), after asking. */
export function SignOutEverywhere() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <h2>Sign out of all devices</h2>
      <p>Lost a phone, or left the app signed in on a shared computer? Sign out everywhere at once.</p>
      <Button className="button" onPress={() => setIsOpen(true)}>
        {signOutEverywhereLabel}
      </Button>
      <ResponsiveDialog isOpen={isOpen} onOpenChange={setIsOpen} title={`${signOutEverywhereLabel}?`}>
        {isOpen && <SignOutEverywhereForm onCancel={() => setIsOpen(false)} />}
      </ResponsiveDialog>
    </>
  );
}

function SignOutEverywhereForm({ onCancel }: { readonly onCancel: () => void }) {
  // The page leaves once this device is cleared; nothing to do after.
  const write = useConfirmedWrite(() => {});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void write.run(signOutEverywhere);
  };
  return (
    <ConfirmForm confirmLabel={signOutEverywhereLabel} isSending={write.isSending} error={write.error} onSubmit={submit} onCancel={onCancel}>
      <p>{signOutEverywhereText}</p>
    </ConfirmForm>
  );
}
