import { describe, expect, it } from 'vitest';
import { liveErrorMessage } from './live-error-message';

/** A stand-in translator that shows the key and its values. */
const t = (key: string, options?: Record<string, unknown>) => `${key}${options ? JSON.stringify(options) : ''}`;

describe('liveErrorMessage', () => {
  it("words tRPC's inactivity timeout with its milliseconds from the catalogue (spec section 8)", () => {
    expect(liveErrorMessage('Timeout of 45000ms reached while waiting for a response', t)).toBe('live:timeout{"ms":45000}');
  });

  it('words any other interruption as interrupted, and none as nothing', () => {
    expect(liveErrorMessage('Failed to fetch', t)).toBe('live:interrupted');
    expect(liveErrorMessage(null, t)).toBeNull();
  });
});
