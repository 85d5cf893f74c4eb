import type { ClientAppCareSheetPdf } from '@hearth/shared/client-app/client-app-visits.schema';

/** How long the object URL of a downloaded PDF lives: long enough for the browser to open or save it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * Saves the care sheet's PDF (clientAppGetCareSheetPdf, base64) under its file name through a short-lived object
 * URL: a phone's browser opens it in its PDF viewer or downloads it, as for any PDF link.
 */
export function downloadCareSheet(file: ClientAppCareSheetPdf): void {
  const binary = atob(file.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
