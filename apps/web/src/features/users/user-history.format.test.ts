import '@/i18n/i18n.test-languages';
import { describe, expect, it } from 'vitest';
import type { UserHistoryEntry } from '@hearth/shared/users/users.schema';
import { i18n } from '@/i18n/i18n.setup';
import { describeChanges, tableLabel } from './user-history.format';

const entry = (patch: Partial<UserHistoryEntry>): UserHistoryEntry => ({
  createdAt: '2026-01-05T18:07:00.000Z',
  operation: 'UPDATE',
  branchName: null,
  changerName: 'Kenny Pagac',
  tableName: 'users',
  oldRow: null,
  newRow: null,
  ...patch,
});

describe('describeChanges', () => {
  it('lists only the changed fields of an update, without bookkeeping columns', () => {
    const changes = describeChanges(
      entry({
        oldRow: { firstName: 'Ann', phoneNumber: null, updatedAt: 'a', name: 'Ann B' },
        newRow: { firstName: 'Anne', phoneNumber: '555', updatedAt: 'b', name: 'Anne B' },
      }),
    );
    expect(changes).toEqual(['firstName: Ann → Anne', 'phoneNumber: — → 555']);
  });
  it('never shows secret values', () => {
    expect(describeChanges(entry({ oldRow: { ssn: '***-**-1111' }, newRow: { ssn: '***-**-2222' } }))).toEqual(['ssn changed']);
  });
  it('summarises whole-row events and branch links', () => {
    expect(describeChanges(entry({ operation: 'INSERT', newRow: { id: 1 } }))).toEqual(['Created']);
    expect(describeChanges(entry({ operation: 'INSERT', tableName: '_BranchToUser', branchName: 'Boston' }))).toEqual([
      'Added to Boston',
    ]);
    expect(describeChanges(entry({ operation: 'DELETE', tableName: '_BranchToUser', branchName: 'Boston' }))).toEqual([
      'Removed from Boston',
    ]);
  });
  it('names the audited tables for people', () => {
    expect(tableLabel('users')).toBe('User');
    expect(tableLabel('_BranchToUser')).toBe('Branch link');
  });
  it('words the history in Spanish, field names and values as stored', async () => {
    await i18n.changeLanguage('es');
    try {
      expect(describeChanges(entry({ operation: 'INSERT', tableName: '_BranchToUser', branchName: 'Boston' }))).toEqual([
        'Agregado a Boston',
      ]);
      expect(describeChanges(entry({ oldRow: { ssn: 'a' }, newRow: { ssn: 'b' } }))).toEqual(['ssn cambió']);
      expect(tableLabel('users')).toBe('Usuario');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
