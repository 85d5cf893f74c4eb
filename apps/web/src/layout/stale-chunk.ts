const RELOADED_AT_KEY = 'hearth.chunkReloadAt';

/**
 * Reloads the page after a failed load of a page's code (spec section 2), which usually means a new version was
 * deployed and the old chunk files are gone. A reload in the last 10 s means the reload did not help: give up
 * (return false) and let the error screen show instead of looping.
 */
export function reloadOnceForStaleChunk(): boolean {
  const last = Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  if (Date.now() - last < 10_000) return false;
  window.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  window.location.reload();
  return true;
}
