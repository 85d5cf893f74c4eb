import { describe, expect, it } from 'vitest';
import { reaches, type LiveSubscriber } from './live.audience';

/** An event for branch 11 of company 1 and user 500. */
const event = { userIds: [500], branchIds: [11], companyIds: [1] };

const subscriber = (patch: Partial<LiveSubscriber>): LiveSubscriber => ({
  userId: 1,
  level: 'branch',
  companyId: 1,
  branchIds: [],
  ...patch,
});

describe('reaches', () => {
  it('reaches a listed user whatever their role, a caregiver, client or trusted contact included', () => {
    expect(reaches(event, subscriber({ userId: 500, level: 'none', branchIds: [] }))).toBe(true);
  });

  it('reaches staff by scope: system every branch, company its own, branch level its linked branches', () => {
    expect(reaches(event, subscriber({ level: 'system', companyId: null }))).toBe(true);
    expect(reaches(event, subscriber({ level: 'company', companyId: 1 }))).toBe(true);
    expect(reaches(event, subscriber({ level: 'branch', branchIds: [10, 11] }))).toBe(true);
  });

  it('never reaches another company, another branch, or a role without branch scope by its branch', () => {
    expect(reaches(event, subscriber({ level: 'company', companyId: 2 }))).toBe(false);
    expect(reaches(event, subscriber({ level: 'company', companyId: null }))).toBe(false);
    expect(reaches(event, subscriber({ level: 'branch', branchIds: [10] }))).toBe(false);
    // Caregivers, clients and trusted contacts are linked to branches but reached by user id only.
    expect(reaches(event, subscriber({ level: 'none', branchIds: [11] }))).toBe(false);
  });

  it('an event without branches reaches only its users, even at system level', () => {
    expect(reaches({ userIds: [500], branchIds: [], companyIds: [] }, subscriber({ level: 'system' }))).toBe(false);
  });
});
