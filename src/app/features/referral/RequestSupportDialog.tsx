import { lazy, Suspense, useState } from 'react';
import { ResponsiveDialog } from '../../ui/sheet/ResponsiveDialog';
import { checkingMessage } from './referral.api';

/** The form and the checks it asks the server for load when the dialog first opens. */
const RequestSupportForm = lazy(() => import('./RequestSupportForm'));

export interface RequestSupportDialogProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
  readonly onSent: () => void;
}

/** SPEC §2 'Request Support': the cooldown check, an 'Enter Details' field and 'Submit Request'. */
export function RequestSupportDialog({ isOpen, onClose, onSent }: RequestSupportDialogProps) {
  // While the request is on its way the dialog stays open, so its outcome is never lost.
  const [isSubmitting, setIsSubmitting] = useState(false);
  return (
    <ResponsiveDialog isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title="Request Support" isDismissable={!isSubmitting}>
      {isOpen && (
        <Suspense
          fallback={
            <p role="status" className="muted">
              {checkingMessage}
            </p>
          }
        >
          <RequestSupportForm onClose={onClose} onSent={onSent} isSubmitting={isSubmitting} setIsSubmitting={setIsSubmitting} />
        </Suspense>
      )}
    </ResponsiveDialog>
  );
}
