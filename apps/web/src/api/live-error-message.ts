/**
 * The message to show for a connection's interruption in the reader's language: tRPC's inactivity timeout as the
 * catalogue's `live:timeout` (spec section 8, "Timeout of {ms}ms reached while waiting for a response"), any other
 * as `live:interrupted`; null when there is none.
 */
export function liveErrorMessage(
  error: string | null,
  t: (key: string, options?: Record<string, unknown>) => string,
): string | null {
  if (!error) return null;
  const timeout = /^Timeout of (\d+)ms reached/.exec(error);
  return timeout ? t('live:timeout', { ms: Number(timeout[1]) }) : t('live:interrupted');
}
