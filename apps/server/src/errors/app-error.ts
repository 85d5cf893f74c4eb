/** The error codes services use, each with its HTTP status (docs/architecture.md "Errors"). */
export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/**
 * The one error type of Hearth's services: a code (mapped once to an HTTP status, for tRPC in the error
 * formatter and for REST in the Fastify error handler) and a human message that reaches the user as is.
 * `fieldErrors` names the fields at fault, as {field: [message]}.
 */
export class AppError extends Error {
  constructor(
    public readonly code: AppErrorCode,
    message: string,
    public readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The HTTP status of this error's code. */
  get httpStatus(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

/** Shorthand for a 404 naming what was not found, e.g. notFound('User', 12) -> "User 12 not found". */
export function notFound(what: string, id: number | string): AppError {
  return new AppError('NOT_FOUND', `${what} ${id} not found`);
}
