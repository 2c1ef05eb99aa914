import { SuccessDialog } from '../../ui/sheet/SuccessDialog';

/** SPEC §2 'Request Submitted Successfully'. */
export function ReferralSentDialog({ isOpen, onClose }: { readonly isOpen: boolean; readonly onClose: () => void }) {
  return (
    <SuccessDialog isOpen={isOpen} onClose={onClose} title="Request Submitted Successfully">
      <p>Thank you. A member of the Student Support team will be in touch with you via your University email.</p>
    </SuccessDialog>
  );
}
