import { SuccessDialog } from '../../ui/sheet/SuccessDialog';
import type { DialogOutcome } from './absenceDialog.machine';

type Success = Extract<DialogOutcome, { kind: 'submitted' | 'withdrawn' }>;

/** After an Update: SPEC §2 gives no text for it, and 'Submitted' would say a new request was made. */
export const updatedTitle = 'Absence Request Updated Successfully';

/**
 * SPEC §2 'Absence Request Submitted Successfully' (a new request) and 'Absence Request Withdrawn
 * Successfully'; an updated request gets its own title and text.
 */
export function AbsenceSuccessDialog({ success, onClose }: { readonly success: Success | null; readonly onClose: () => void }) {
  const isWithdrawn = success?.kind === 'withdrawn';
  const isUpdated = success?.kind === 'submitted' && success.mode === 'edit';
  const isAwaitingConfirmation = success?.kind === 'withdrawn' && success.request.absenceStatus === 'PendingCancellation';
  return (
    <SuccessDialog
      isOpen={success !== null}
      onClose={onClose}
      title={isWithdrawn ? 'Absence Request Withdrawn Successfully' : isUpdated ? updatedTitle : 'Absence Request Submitted Successfully'}
    >
      {isWithdrawn ? (
        <>
          <p>Your absence request has been cancelled. If you still need time off, please submit a new request.</p>
          {isAwaitingConfirmation && (
            <p>As the request had already been approved, the school admin team will confirm the cancellation.</p>
          )}
        </>
      ) : isUpdated ? (
        <p>
          Your changes to this absence request have been saved. The school admin team will review the updated request
          and let you know the outcome. You can see and manage your absence requests on this attendance page.
        </p>
      ) : (
        <p>
          The school admin team will review your request and let you know the outcome. You can see and manage your absence
          requests on this attendance page.
        </p>
      )}
    </SuccessDialog>
  );
}
