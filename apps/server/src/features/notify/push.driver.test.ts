import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { audienceOfRole, pushPayloadOf, pushUserOf } from './push.driver';

describe('push wording per audience (spec section 5)', () => {
  it('speaks to caregivers, to clients and their trusted contacts, and to everyone else', () => {
    expect(audienceOfRole(ROLE_IDS.caregiver)).toBe('caregiver');
    expect(audienceOfRole(ROLE_IDS.client)).toBe('client');
    expect(audienceOfRole(ROLE_IDS.trustedContact)).toBe('client');
    for (const role of [ROLE_IDS.nurse, ROLE_IDS.branchManager, ROLE_IDS.developer, null])
      expect(audienceOfRole(role)).toBe('other');
  });

  it("titles a push with its subject, else the audience's title in the reader's language", () => {
    const message = { kind: 'visit_moved', subject: null, body: 'Now at 10:00', link: '/app' };
    expect(pushPayloadOf(message, 'caregiver', 'en')).toEqual({
      title: 'Hearth: your visits',
      body: 'Now at 10:00',
      link: '/app',
      kind: 'visit_moved',
    });
    expect(pushPayloadOf(message, 'client', 'es').title).toBe('Hearth: su cuidado');
    expect(pushPayloadOf(message, 'other', 'en').title).toBe('Hearth office');
    expect(pushPayloadOf({ ...message, subject: 'Visit moved' }, 'other', 'en').title).toBe('Visit moved');
  });
});

describe('pushUserOf', () => {
  it("is the row's user, else the user:<id> it is addressed to", () => {
    expect(pushUserOf({ userId: 7, recipient: 'user:8' })).toBe(7);
    expect(pushUserOf({ userId: null, recipient: 'user:8' })).toBe(8);
    expect(pushUserOf({ userId: null, recipient: 'a-device-token' })).toBeNull();
    expect(pushUserOf({ userId: null, recipient: 'user:99999999999' })).toBeNull();
  });
});
