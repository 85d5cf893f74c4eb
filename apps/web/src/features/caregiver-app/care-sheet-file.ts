import type { CareSheetPdfFile } from '@hearth/shared/care-sheets/care-sheets.schema';

/** How long an object URL of a downloaded PDF lives: long enough for the browser to open or save it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** The bytes of a base64 string (getCareSheetPDFFile carries the PDF so). */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The PDF answered by getCareSheetPDFFile as a Blob of its content type. */
export function pdfBlob(file: CareSheetPdfFile): Blob {
  return new Blob([base64ToBytes(file.base64)], { type: file.contentType });
}

/**
 * Saves the care sheet's PDF under its file name through a short-lived object URL (a phone's browser opens it in
 * its PDF viewer or downloads it, as it does for any PDF link).
 */
export function downloadPdf(file: CareSheetPdfFile): void {
  const url = URL.createObjectURL(pdfBlob(file));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
