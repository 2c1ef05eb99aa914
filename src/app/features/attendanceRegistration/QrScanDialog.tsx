import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { checkInCodeFromScan } from '../../../shared/rules/checkInCode';
import { ResponsiveDialog } from '../../ui/sheet/ResponsiveDialog';
import { qrCodeDetector } from './barcodeDetector';
import './qrScan.css';


interface QrScanDialogProps {
  /** A six-digit code was read from a QR code. */
  readonly onCode: (code: string) => void;
  readonly onClose: () => void;
}

/** How often a frame of the camera is looked at. */
const scanEveryMs = 250;

/**
 * The phone's camera, looking for the QR code on the lecturer's screen: the back camera where there
 * is one, each frame given to the browser's `BarcodeDetector`. The first QR code holding six digits
 * is the code. The camera stops when the dialog closes. If the camera cannot be had, the dialog
 * says so and the student types the code.
 */
export default function QrScanDialog({ onCode, onClose }: QrScanDialogProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string>();
  // The card around the form re-renders every second (its countdown): the camera must not restart.
  const found = useEffectEvent((code: string) => onCode(code));

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let isStopped = false;
    const start = async () => {
      const detector = await qrCodeDetector();
      if (!detector) throw new Error('no QR detector');
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      const element = video.current;
      if (isStopped || !element) return;
      element.srcObject = stream;
      await element.play();
      const look = async () => {
        if (isStopped) return;
        const barcodes = element.readyState >= 2 ? await detector.detect(element).catch(() => []) : [];
        const code = barcodes.map((barcode) => checkInCodeFromScan(barcode.rawValue)).find((value) => value !== undefined);
        if (code && !isStopped) found(code);
        else if (!isStopped) timer = window.setTimeout(() => void look(), scanEveryMs);
      };
      void look();
    };
    start().catch(() => {
      if (!isStopped) setProblem('The camera could not be used. Close this and type the code instead.');
    });
    return () => {
      isStopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <ResponsiveDialog isOpen onOpenChange={(isOpen) => !isOpen && onClose()} title="Scan the check-in QR code">
      <p>Point your camera at the QR code your lecturer is showing.</p>
      {problem ? (
        <p className="check-in__scan-error" role="alert">{problem}</p>
      ) : (
        <video ref={video} className="check-in__video" muted playsInline aria-label="Camera view" />
      )}
      <div className="check-in__scan-actions">
        <button type="button" className="button" onClick={onClose}>Type the code instead</button>
      </div>
    </ResponsiveDialog>
  );
}
