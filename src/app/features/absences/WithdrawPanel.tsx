import type { Ref } from 'react';
import { Button } from 'react-aria-components';

interface WithdrawPanelProps {
  readonly isWithdrawing: boolean;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
  /** The title, which takes the focus when the confirmation is opened from the form's button. */
  readonly titleRef?: Ref<HTMLHeadingElement>;
}

/**
 * SPEC §2 withdraw confirmation: 'Withdraw Absence Request', 'Cancel' and 'Withdraw' ('Withdrawing').
 * The busy state is the label plus disabled, not react-aria's `isPending`: that announces through
 * an element id, which dangles in the live region once the dialog has closed.
 */
export function WithdrawPanel({ isWithdrawing, onCancel, onConfirm, titleRef }: WithdrawPanelProps) {
  return (
    <div className="absence-withdraw">
      <h3 ref={titleRef} tabIndex={-1} className="absence-withdraw__title">
        Withdraw Absence Request
      </h3>
      <p>Are you sure you want to cancel this absence request?</p>
      <p>
        Once it is withdrawn it can no longer be modified. If you still need time off, you will need to submit a new
        request.
      </p>
      <div className="absence-actions">
        <Button className="button" onPress={onCancel} isDisabled={isWithdrawing}>
          Cancel
        </Button>
        <Button className="button button--danger" onPress={onConfirm} isDisabled={isWithdrawing} aria-busy={isWithdrawing || undefined}>
          {isWithdrawing ? 'Withdrawing' : 'Withdraw'}
        </Button>
      </div>
    </div>
  );
}
