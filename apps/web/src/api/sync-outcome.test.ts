import { describe, expect, it } from 'vitest';
import { RETRYABLE_CODES, syncOutcome } from './sync-outcome';

describe('syncOutcome (spec sections 4 and 8)', () => {
  it('removes an uploaded record', () => {
    expect(syncOutcome(null)).toBe('uploaded');
  });

  it('keeps the record on a network error without a code and on each retryable code', () => {
    expect(syncOutcome(new TypeError('Failed to fetch'))).toBe('keep');
    expect(syncOutcome('offline')).toBe('keep');
    for (const code of RETRYABLE_CODES) expect(syncOutcome({ message: 'x', data: { code } })).toBe('keep');
  });

  it('keeps the record when the session expired, to upload after signing in again', () => {
    expect(syncOutcome({ message: 'Sign in again', data: { code: 'UNAUTHORIZED' } })).toBe('keep');
  });

  it('drops the record on any other error', () => {
    expect(syncOutcome({ message: 'Shift 3 not found', data: { code: 'NOT_FOUND' } })).toBe('drop');
    expect(syncOutcome({ message: 'bad', data: { code: 'BAD_REQUEST' } })).toBe('drop');
    expect(syncOutcome({ message: 'taken', code: 'CONFLICT' })).toBe('drop');
  });
});
