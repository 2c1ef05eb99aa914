import { useState, type ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { wideScreenQuery } from '../../routing/media';
import { Icon } from '../icons/Icon';
import { useMediaQuery } from '../useMediaQuery';
import { useSheetDrag } from './useSheetDrag';
import './sheet.css';

export interface ResponsiveDialogProps {
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
  /** The heading, which also names the dialog. */
  readonly title: string;
  readonly children: ReactNode;
  /** Whether Escape, the Close button and (on phones) a swipe down close it. Default true. */
  readonly isDismissable?: boolean;
}

/**
 * A modal dialog (react-aria: focus kept inside and given back on close). Wide screens: centred.
 * Phones (SPEC §2, §5): a bottom sheet with a drag handle, at most 90% of the screen high, whose
 * content scrolls; dragged down at least 35% of its height it closes. A click outside never closes
 * it, so a half-filled form is not lost by accident.
 *
 * While it closes it keeps its shape: react-aria waits for the running animation (the way in, a
 * sheet's snap-back) before it removes the overlay, and a switch between modal and sheet then would
 * cancel that animation, leaving an invisible overlay over the page for good.
 */
export function ResponsiveDialog({ isOpen, onOpenChange, title, children, isDismissable = true }: ResponsiveDialogProps) {
  const isSheetNow = !useMediaQuery(wideScreenQuery);
  const [isSheet, setIsSheet] = useState(isSheetNow);
  if (isOpen && isSheet !== isSheetNow) setIsSheet(isSheetNow);
  const gripProps = useSheetDrag({ isEnabled: isSheet && isDismissable, onClose: () => onOpenChange(false) });
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={false}
      isKeyboardDismissDisabled={!isDismissable}
      className={isSheet ? 'dialog-overlay dialog-overlay--sheet' : 'dialog-overlay'}
    >
      <Modal
        className={isSheet ? 'responsive-dialog sheet' : 'responsive-dialog'}
        data-sheet={isSheet || undefined}
      >
        <Dialog className="responsive-dialog__dialog">
          <div className="responsive-dialog__top" {...(isSheet ? gripProps : {})}>
            {isSheet && <div className="sheet__handle" data-testid="sheet-handle" aria-hidden="true" />}
            <div className="responsive-dialog__header">
              <Heading slot="title" className="responsive-dialog__title">
                {title}
              </Heading>
              {isDismissable && (
                <Button className="icon-button responsive-dialog__close" aria-label="Close" onPress={() => onOpenChange(false)}>
                  <Icon name="close" size={22} />
                </Button>
              )}
            </div>
          </div>
          <div className="responsive-dialog__body">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
