import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../roles/roles.constants';
import {
  CAREGIVER_KINDS,
  defaultChannels,
  FAMILY_KINDS,
  kindsForRole,
  NOTIFICATION_KINDS,
  STAFF_KINDS,
} from './notifications.schema';

describe('notification kinds and default channels', () => {
  it('gives every kind to caregivers, the office or families, never two of them', () => {
    expect([...CAREGIVER_KINDS, ...STAFF_KINDS, ...FAMILY_KINDS].sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  it('lets each role choose only the kinds it receives', () => {
    expect(kindsForRole(ROLE_IDS.caregiver)).toEqual(CAREGIVER_KINDS);
    for (const role of [
      ROLE_IDS.developer,
      ROLE_IDS.companyAdmin,
      ROLE_IDS.rvp,
      ROLE_IDS.branchManager,
      ROLE_IDS.nurse,
      ROLE_IDS.prn,
    ]) {
      expect(kindsForRole(role)).toEqual(STAFF_KINDS);
    }
    expect(kindsForRole(ROLE_IDS.client)).toEqual(FAMILY_KINDS);
    expect(kindsForRole(ROLE_IDS.trustedContact)).toEqual(FAMILY_KINDS);
  });

  it('defaults families to push for every visit alert, and email too for a missed visit or a change', () => {
    expect(defaultChannels(ROLE_IDS.trustedContact, 'family_visit_started')).toEqual({ push: true, email: false, sms: false });
    expect(defaultChannels(ROLE_IDS.client, 'family_visit_missed')).toEqual({ push: true, email: true, sms: false });
    expect(defaultChannels(ROLE_IDS.branchManager, 'family_visit_missed')).toEqual({ push: false, email: false, sms: false });
    expect(defaultChannels(ROLE_IDS.trustedContact, 'late_visit')).toEqual({ push: false, email: false, sms: false });
  });

  it('defaults caregivers to push and SMS for their visits, the office to email for late visits, expiries and file jobs', () => {
    for (const kind of CAREGIVER_KINDS) {
      expect(defaultChannels(ROLE_IDS.caregiver, kind)).toEqual({ push: true, email: false, sms: true });
      expect(defaultChannels(ROLE_IDS.nurse, kind)).toEqual({ push: false, email: false, sms: false });
    }
    for (const kind of [
      'late_visit',
      'credential_expiring',
      'authorization_expiring',
      'import_finished',
      'export_finished',
    ] as const) {
      expect(defaultChannels(ROLE_IDS.branchManager, kind)).toEqual({ push: false, email: true, sms: false });
      expect(defaultChannels(ROLE_IDS.caregiver, kind)).toEqual({ push: false, email: false, sms: false });
    }
    expect(defaultChannels(ROLE_IDS.nurse, 'geofence_flag')).toEqual({ push: false, email: false, sms: false });
    expect(defaultChannels(ROLE_IDS.client, 'visit_assigned')).toEqual({ push: false, email: false, sms: false });
  });
});
