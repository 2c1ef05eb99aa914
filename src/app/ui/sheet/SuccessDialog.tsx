import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { ResponsiveDialog } from './ResponsiveDialog';

interface SuccessDialogProps {
  readonly isOpen: boolean;
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
}

/** A confirmation that something was done: its title, what happens next, and a Close button (SPEC §2 success dialogs). */
export function SuccessDialog({ isOpen, title, onClose, children }: SuccessDialogProps) {
  return (
    <ResponsiveDialog isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title={title}>
      {children}
      <div className="responsive-dialog__actions">
        <Button className="button button--primary" onPress={onClose} autoFocus>
          Close
        </Button>
      </div>
    </ResponsiveDialog>
  );
}
