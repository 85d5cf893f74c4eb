import { describe, expect, it } from 'vitest';
import { databaseInputError, loggableError } from './errors';

/** A database error as Drizzle throws it: DrizzleQueryError (query, params) around the driver's error (code). */
function queryError(code: string, message: string) {
  const driverError = Object.assign(new Error(message), { code, detail: 'Key (last_name)=(Rivera) already exists.' });
  return Object.assign(new Error(`Failed query: insert into clients (last_name) values ($1)\nparams: Rivera`), {
    name: 'DrizzleQueryError',
    query: 'insert into clients (last_name) values ($1)',
    params: ['Rivera'],
    cause: driverError,
  });
}

describe('databaseInputError', () => {
  it.each([
    ['22003', 'out of range'],
    ['22021', 'NUL character'],
    ['22P05', 'NUL character'],
    ['22007', 'not a real one'],
    ['22008', 'not a real one'],
  ])('maps SQLSTATE %s to a 400 saying %s', (code, words) => {
    const error = databaseInputError(queryError(code, 'value rejected'));
    expect(error?.code).toBe('BAD_REQUEST');
    expect(error?.message).toContain(words);
  });

  it('leaves other database errors alone (a unique violation is its service’s to word)', () => {
    expect(databaseInputError(queryError('23505', 'duplicate key'))).toBeUndefined();
    expect(databaseInputError(new Error('boom'))).toBeUndefined();
  });
});

describe('loggableError', () => {
  it('keeps the SQLSTATE, the query text and the stack but no parameter, detail or quoted value', () => {
    const logged = loggableError(queryError('22P02', 'invalid input syntax for type integer: "Rivera"'));
    const text = JSON.stringify(logged);
    expect(logged.sqlState).toBe('22P02');
    expect(text).toContain('insert into clients (last_name) values ($1)');
    expect(text).toContain('invalid input syntax for type integer');
    expect(text).toContain('errors.test.ts');
    expect(text).not.toContain('Rivera');
  });
});
