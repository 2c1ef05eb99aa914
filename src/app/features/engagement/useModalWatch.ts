import { useEffect } from 'react';
import { setModalOpen } from './engagementSlot';

/**
 * What an open modal layer looks like on the page: react-aria's dialogs (the session's is an
 * alert dialog) and the guided tour's step popover, to which driver.js gives `role="dialog"`.
 */
const modalSelector = '[role="dialog"], [role="alertdialog"]';

export function isModalOpen(root: ParentNode = document): boolean {
  return root.querySelector(modalSelector) !== null;
}

/**
 * Issue 34 §2: no first-run prompt while a dialog or the tour is open. Watches the page for one
 * (dialogs and the tour's popover are added to and removed from the body) and tells the slot.
 */
export function useModalWatch(): void {
  useEffect(() => {
    const update = () => setModalOpen(isModalOpen());
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      setModalOpen(false);
    };
  }, []);
}
