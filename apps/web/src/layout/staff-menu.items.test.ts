import { describe, expect, it } from 'vitest';
import { activeMenuPath, staffMenuItems, type MenuItem } from './staff-menu.items';

function labels(items: MenuItem[]): string[] {
  return items.flatMap((item) => ('children' in item ? [item.label, ...item.children.map((c) => c.label)] : [item.label]));
}

describe('staffMenuItems', () => {
  it('hides Admin from non-admins', () => {
    expect(labels(staffMenuItems({ isAdmin: false, roleHasSystemLevelAccess: false }))).not.toContain('Admin');
  });
  it('shows the system-level entries only with system-level access', () => {
    const company = labels(staffMenuItems({ isAdmin: true, roleHasSystemLevelAccess: false }));
    expect(company).toContain('Pay Period Lock Times');
    expect(company).not.toContain('Logging');
    const system = labels(staffMenuItems({ isAdmin: true, roleHasSystemLevelAccess: true }));
    expect(system).toEqual(expect.arrayContaining(['File Export Types', 'File Import Types', 'Logging']));
  });
});

describe('activeMenuPath', () => {
  const items = staffMenuItems({ isAdmin: true, roleHasSystemLevelAccess: true });
  it('matches Home only on /', () => {
    expect(activeMenuPath(items, '/')).toBe('/');
    expect(activeMenuPath(items, '/nowhere')).toBeNull();
  });
  it('prefers the longest matching entry', () => {
    expect(activeMenuPath(items, '/care-forms/care-form-types/4')).toBe('/care-forms/care-form-types');
    expect(activeMenuPath(items, '/care-forms/12')).toBe('/care-forms');
    expect(activeMenuPath(items, '/admin/users/7')).toBe('/admin/users');
  });
  it('does not match a mere name prefix', () => {
    expect(activeMenuPath(items, '/clientsx')).toBeNull();
  });
});
