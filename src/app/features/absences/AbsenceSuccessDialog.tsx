import { SuccessDialog } from '../../ui/sheet/SuccessDialog';
import type { DialogOutcome } from './absenceDialog.machine';

type Success = Extract<DialogOutcome, { kind: 'submitted' | 'withdrawn' }>;

/** SPEC §2 'Absence Request Submitted Successfully' and 'Absence Request Withdrawn Successfully'. */
export function AbsenceSuccessDialog({ success, onClose }: { readonly success: Success | null; readonly onClose: () => void }) {
  const isWithdrawn = success?.kind === 'withdrawn';
  const isAwaitingConfirmation = success?.kind === 'withdrawn' && success.request.absenceStatus === 'PendingCancellation';
  return (
    <SuccessDialog
      isOpen={success !== null}
      onClose={onClose}
      title={isWithdrawn ? 'Absence Request Withdrawn Successfully' : 'Absence Request Submitted Successfully'}
    >
      {isWithdrawn ? (
        <>
          <p>Your absence request has been cancelled. If you still need time off, please submit a new request.</p>
          {isAwaitingConfirmation && (
            <p>As the request had already been approved, the school admin team will confirm the cancellation.</p>
          )}
        </>
      ) : (
        <p>
          The school admin team will review your request and let you know the outcome. You can see and manage your absence
          requests on this attendance page.
        </p>
      )}
    </SuccessDialog>
  );
}
