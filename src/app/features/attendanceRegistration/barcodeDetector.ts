/*
 * The Shape Detection API's BarcodeDetector (Chromium on Android, ChromeOS and macOS; Safari on
 * iOS 17+ behind no flag in some builds): not in TypeScript's DOM library yet, so the little we use
 * is declared here. Where the browser lacks it, the student types the code.
 */

export interface DetectedBarcode {
  readonly rawValue: string;
}

export interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}

interface BarcodeDetectorConstructor {
  new (options?: { formats?: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

const detectorConstructor = (): BarcodeDetectorConstructor | undefined =>
  (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;

/** A QR code detector, or undefined when the browser has none or cannot read QR codes. */
export async function qrCodeDetector(): Promise<BarcodeDetectorLike | undefined> {
  const Detector = detectorConstructor();
  if (!Detector) return undefined;
  const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
  return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : undefined;
}
