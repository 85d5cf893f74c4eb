import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@hearth/shared/users/users.schema';
import { confinementRedirect, loginPathFor, safeRedirect } from './route-access';

const staff: CurrentUser = {
  id: 1,
  username: 'nurse',
  firstName: 'N',
  lastName: 'N',
  email: 'n@example.com',
  phoneNumber: null,
  impersonatedUserId: null,
  impersonatedCaregiverId: null,
  role: { id: 5, name: 'Nurse' },
  isAdmin: false,
  isCaregiver: false,
  isClient: false,
  isTrustedContact: false,
  roleHasSystemLevelAccess: false,
  timezone: 'America/New_York',
  language: null,
  idleTimeoutMinutes: 30,
  chat: {
    enabled: true,
    send: true,
    initiate: false,
    broadcast: false,
    broadcastAll: false,
    upload: false,
    download: false,
    copyAttachments: false,
    readBranch: false,
  },
};

describe('loginPathFor', () => {
  it('keeps the path and query in an encoded redirect parameter', () => {
    expect(loginPathFor({ pathname: '/clients', search: '?x=1' })).toBe('/login?redirect=%2Fclients%3Fx%3D1');
    expect(loginPathFor({ pathname: '/', search: '' })).toBe('/login?redirect=%2F');
  });
});

describe('safeRedirect', () => {
  it('accepts paths on this site', () => {
    expect(safeRedirect('/clients?x=1')).toBe('/clients?x=1');
  });
  it.each([null, '', 'clients', '//evil.example', '/\\evil.example', 'https://evil.example/'])('refuses %j', (value) => {
    expect(safeRedirect(value)).toBe('/');
  });
});

describe('confinementRedirect', () => {
  const caregiver = { ...staff, isCaregiver: true };
  const client = { ...staff, isClient: true };
  const trustedContact = { ...staff, isTrustedContact: true };

  it('keeps caregivers in /app, /chat and /notifications', () => {
    expect(confinementRedirect(caregiver, '/app')).toBeNull();
    expect(confinementRedirect(caregiver, '/notifications')).toBeNull();
    expect(confinementRedirect(caregiver, '/app/pickup')).toBeNull();
    expect(confinementRedirect(caregiver, '/chat')).toBeNull();
    expect(confinementRedirect(caregiver, '/')).toBe('/app');
    expect(confinementRedirect(caregiver, '/application')).toBe('/app');
  });
  it('keeps clients and trusted contacts in the client app', () => {
    expect(confinementRedirect(client, '/client-mobile-app')).toBeNull();
    expect(confinementRedirect(client, '/chat')).toBe('/client-mobile-app');
    expect(confinementRedirect(trustedContact, '/admin/users')).toBe('/client-mobile-app');
  });
  it('sends staff home from the other apps only', () => {
    expect(confinementRedirect(staff, '/app')).toBe('/');
    expect(confinementRedirect(staff, '/client-mobile-app')).toBe('/');
    expect(confinementRedirect(staff, '/chat')).toBeNull();
    expect(confinementRedirect(staff, '/admin/users/3')).toBeNull();
  });
});
