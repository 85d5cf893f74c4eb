import { describe, expect, it } from 'vitest';
import {
  ZCreateCaregiverInput,
  ZCreateCaregiverAddressInput,
  ZSetCaregiverPasswordInput,
  ZUpdateCaregiverCashAdvanceInput,
  ZUpdateCaregiverInput,
} from './caregivers.schema';

const valid = { branchId: 1, firstName: 'Ana', lastName: 'Silva' };

describe('caregiver form', () => {
  it('defaults a new caregiver to applicant with empty lists, and clears empty text', () => {
    const parsed = ZCreateCaregiverInput.parse({ ...valid, email: '', gender: '', hireDate: '', phoneNumber: ' ' });
    expect(parsed).toMatchObject({ status: 'applicant', payRates: [], skills: [], languages: [], availability: [] });
    expect(parsed).toMatchObject({ email: null, gender: null, hireDate: null, phoneNumber: null });
  });

  it('leaves fields out of an update so they stay unchanged', () => {
    expect(ZUpdateCaregiverInput.parse({ id: 4, status: 'inactive' })).toEqual({ id: 4, status: 'inactive' });
  });

  it('accepts an availability window ending at 24:00 and refuses overlapping ones', () => {
    expect(
      ZCreateCaregiverInput.safeParse({ ...valid, availability: [{ weekday: 6, start: '18:00', end: '24:00' }] }).success,
    ).toBe(true);
    const overlap = ZCreateCaregiverInput.safeParse({
      ...valid,
      availability: [
        { weekday: 0, start: '08:00', end: '10:00' },
        { weekday: 0, start: '09:59', end: '11:00' },
      ],
    });
    expect(overlap.error?.issues[0]?.message).toBe('Overlaps another window on the same day');
  });
});

describe('caregiver records', () => {
  it('makes an address name both coordinates or neither', () => {
    const address = { caregiverId: 1, line1: '1 Main St', city: 'Boston', state: 'MA', zip: '02108' };
    expect(ZCreateCaregiverAddressInput.safeParse({ ...address, lat: 42.3 }).error?.issues[0]?.path).toEqual(['lon']);
    expect(ZCreateCaregiverAddressInput.safeParse({ ...address, lat: 42.3, lon: -71 }).success).toBe(true);
  });

  it('refuses a deduction before the advance', () => {
    const result = ZUpdateCaregiverCashAdvanceInput.safeParse({ id: 1, advancedOn: '2026-03-02', deductedOn: '2026-03-01' });
    expect(result.error?.issues[0]?.message).toBe('Deducted on must be on or after the advance date');
  });

  it('applies the password policy with the failing rule first', () => {
    expect(ZSetCaregiverPasswordInput.safeParse({ caregiverId: 1, password: 'abc' }).error?.issues[0]?.message).toBe(
      'Password must be at least 8 characters long',
    );
    expect(ZSetCaregiverPasswordInput.safeParse({ caregiverId: 1, password: 'Good-pass-1' }).success).toBe(true);
  });
});
