/**
 * What happens to an offline record after an upload attempt (spec section 4 "Caregiver offline check-in/out" and
 * section 8): uploaded -> removed locally and shift lists refresh; a network-type error -> kept and shown as
 * offline, retried later; any other error -> dropped with a visible notice.
 */
export type SyncOutcome = 'uploaded' | 'keep' | 'drop';

/** tRPC error codes that mean "try again later" (spec section 8), besides errors that carry no code at all. */
export const RETRYABLE_CODES = [
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
  'TIMEOUT',
  'TOO_MANY_REQUESTS',
  'BAD_GATEWAY',
  'GATEWAY_TIMEOUT',
] as const;

/**
 * The code of an error from the API client: tRPC errors carry it in `data.code` (e.g. "BAD_REQUEST"); a failed
 * fetch (offline, DNS, reset) carries none.
 * @returns the code, or null when there is none.
 */
export function errorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const data = (error as { data?: { code?: unknown } | null }).data;
  if (data && typeof data.code === 'string') return data.code;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}

/**
 * The outcome of one upload attempt: `null` error means it succeeded.
 * UNAUTHORIZED also keeps the record: an expired session says nothing about the visit, and a visit must never be
 * lost to it; the upload goes again after the caregiver signs in.
 * @returns 'uploaded', 'keep' (no code, a retryable code, or UNAUTHORIZED) or 'drop' (any other code: the server
 * refused the record itself).
 */
export function syncOutcome(error: unknown | null): SyncOutcome {
  if (error === null) return 'uploaded';
  const code = errorCode(error);
  if (code === null || code === 'UNAUTHORIZED' || (RETRYABLE_CODES as readonly string[]).includes(code)) return 'keep';
  return 'drop';
}
