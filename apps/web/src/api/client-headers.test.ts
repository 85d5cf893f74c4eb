import { describe, expect, it } from 'vitest';
import { clientHeaders, isCaregiverAppPath } from './client-headers';

describe('clientHeaders', () => {
  const now = new Date('2026-03-08T07:30:05.250Z');

  it('marks the caregiver app’s calls with the mobile-app flag and the phone’s clock', () => {
    expect(clientHeaders({ pathname: '/app/care-sheets', now, token: 'abc' })).toEqual({
      'x-app-version': '3.13.55',
      'x-mobile-app': '1',
      'x-device-time': '2026-03-08T07:30:05.250Z',
      Authorization: 'Bearer abc',
    });
  });

  it('leaves both out of the staff screens, and the bearer out when signed out', () => {
    expect(clientHeaders({ pathname: '/dashboard/evv', now, token: null })).toEqual({ 'x-app-version': '3.13.55' });
  });

  it('knows the caregiver app by its routes only', () => {
    expect(['/app', '/app/', '/app/pickup', '/apple', '/admin/app', '/'].map(isCaregiverAppPath)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
