import { AppError } from '../errors/app-error';

/** The SQLSTATE of a database error, looking through Drizzle's DrizzleQueryError wrapper (`cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Whether a database error is a unique-constraint violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/**
 * The user's message for a database error caused by a value the input schemas should have refused, per SQLSTATE
 * (PostgreSQL appendix A, class 22 "data exception"). The schemas are the first line (ZId, the text rule in
 * packages/shared/src/app/input-rules.ts); this is the last, so a field they miss answers 400, never 500.
 */
const INPUT_SQL_STATES: Record<string, string> = {
  '22003': 'A number is out of range: ids and whole numbers go up to 2147483647',
  '22021': 'Text cannot contain a NUL character (\\u0000) or invalid characters',
  '22P05': 'Text cannot contain a NUL character (\\u0000) or invalid characters',
  '22007': 'A date or time is not a real one: use YYYY-MM-DD and ISO 8601 times',
  '22008': 'A date or time is out of range or not a real one',
  '22P02': 'A value does not have the type its field needs',
  '22001': 'A text is longer than its field allows',
};

/**
 * The input error (BAD_REQUEST) a database error stands for when its SQLSTATE says the value itself was bad
 * (out-of-range integer, NUL byte, impossible date...); undefined for any other error.
 */
export function databaseInputError(error: unknown): AppError | undefined {
  const state = sqlState(error);
  const message = state ? INPUT_SQL_STATES[state] : undefined;
  return message ? new AppError('BAD_REQUEST', message) : undefined;
}

/**
 * What may be logged of an unexpected error: its type, message and stack, and the SQLSTATE and query text of a
 * database error, but never the query's parameters or a PostgreSQL `detail` (they hold the input's values, which can
 * be health data; HIPAA minimum necessary). Quoted values in a database message ("invalid input syntax for type
 * integer: \"...\"") are elided.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const chain: Record<string, unknown>[] = [];
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const err = e as { name?: unknown; message?: unknown; stack?: unknown; code?: unknown; query?: unknown; cause?: unknown };
    const isQueryError = typeof err.query === 'string';
    const message = typeof err.message === 'string' ? err.message : '';
    chain.push({
      type: typeof err.name === 'string' ? err.name : 'Error',
      // A Drizzle query error's message repeats the parameters after "params:"; only the SQL text is kept.
      message: isQueryError ? `Failed query: ${String(err.query)}` : message.replace(/: ".*"/s, ': "…"'),
      code: typeof err.code === 'string' ? err.code : undefined,
      // Only the frames: the stack's head repeats the message, parameters and all.
      stack:
        typeof err.stack === 'string'
          ? err.stack
              .split('\n')
              .filter((line) => /^\s+at /.test(line))
              .slice(0, 8)
              .join('\n')
          : undefined,
    });
    e = err.cause;
  }
  return { sqlState: sqlState(error), chain };
}
