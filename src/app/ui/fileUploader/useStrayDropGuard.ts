import { useEffect } from 'react';

/** Files dragged anywhere on the page. */
const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/**
 * While an uploader is on screen, a file dropped beside it (or on it while it is busy) must not
 * make the browser open the file in place of the app, which would throw away a half-filled form.
 * The uploader's own drop zone handles its drops before these listeners see them.
 */
export function useStrayDropGuard(): void {
  useEffect(() => {
    const refuse = (event: DragEvent) => {
      if (!carriesFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
    };
    window.addEventListener('dragover', refuse);
    window.addEventListener('drop', refuse);
    return () => {
      window.removeEventListener('dragover', refuse);
      window.removeEventListener('drop', refuse);
    };
  }, []);
}
