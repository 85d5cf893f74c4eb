import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@hearth/server/trpc/app.router';

/**
 * An error of a REST call, carrying the HTTP status and the server's human message; for the auth endpoints also
 * better-auth's error `code` (INVALID_USERNAME_OR_PASSWORD...) and a 429's wait in seconds (Retry-After).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A failed tRPC call's error: its `data` is typed by the server's error formatter (apps/server/src/trpc/init.ts). */
type ApiClientError = TRPCClientError<AppRouter>;

function errorData(error: unknown): ApiClientError['data'] | undefined {
  if (error instanceof TRPCClientError) return (error as ApiClientError).data ?? undefined;
  return undefined;
}

/** The HTTP status of a failed tRPC or REST call, or undefined for network errors (no response). */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof HttpError) return error.status;
  return errorData(error)?.httpStatus;
}

/** The server's field errors (zod input errors flattened to `{ field: [messages] }`), first message per field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const fieldErrors = errorData(error)?.fieldErrors ?? {};
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const first = messages?.[0];
    if (first) result[field] = first;
  }
  return result;
}

/** A message fit to show a person, whatever was thrown. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong';
}
