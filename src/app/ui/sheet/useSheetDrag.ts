import { useRef, type PointerEvent } from 'react';
import { sheetOffset, shouldCloseOnSwipe } from './swipe';

interface Drag {
  readonly pointerId: number;
  readonly startY: number;
  readonly sheet: HTMLElement;
  readonly sheetHeight: number;
}

/**
 * Dragging a bottom sheet down by its grip (touch, pen or mouse, as pointer events): the sheet
 * (the grip's closest `[data-sheet]` element) follows the pointer, and letting go after at least
 * 35% of its height closes it; less snaps back. Presses on controls inside the grip are left to
 * them. The sheet moves through its style and data-dragging, so a drag never re-renders the
 * dialog's content.
 */
export function useSheetDrag({ isEnabled, onClose }: { readonly isEnabled: boolean; readonly onClose: () => void }) {
  const dragRef = useRef<Drag | null>(null);

  const end = (drag: Drag) => {
    dragRef.current = null;
    drag.sheet.style.transform = '';
    delete drag.sheet.dataset.dragging;
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (!isEnabled || !event.isPrimary || event.button !== 0) return;
    if (event.target instanceof Element && event.target.closest('button, a, input, select, textarea')) return;
    const sheet = event.currentTarget.closest<HTMLElement>('[data-sheet]');
    // Not while it closes: a drag would cancel the snap-back that react-aria waits for.
    if (!sheet || sheet.hasAttribute('data-exiting')) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    dragRef.current = { pointerId: event.pointerId, startY: event.clientY, sheet, sheetHeight: sheet.getBoundingClientRect().height };
    // No transition while the pointer leads (sheet.css).
    sheet.dataset.dragging = '';
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const drag = dragRef.current;
    if (drag?.pointerId !== event.pointerId) return;
    drag.sheet.style.transform = `translateY(${sheetOffset(drag.startY, event.clientY)}px)`;
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const drag = dragRef.current;
    if (drag?.pointerId !== event.pointerId) return;
    end(drag);
    if (shouldCloseOnSwipe(sheetOffset(drag.startY, event.clientY), drag.sheetHeight)) onClose();
  };

  const onPointerCancel = (event: PointerEvent<HTMLElement>) => {
    const drag = dragRef.current;
    if (drag?.pointerId === event.pointerId) end(drag);
  };

  /** For the grip: the handle and the title bar. */
  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel };
}
