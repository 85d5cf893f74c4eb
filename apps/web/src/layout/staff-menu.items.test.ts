import '@/i18n/i18n.test-languages';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n.setup';
import { activeMenuPath, staffMenuItems, type MenuItem } from './staff-menu.items';

function labels(items: MenuItem[]): string[] {
  return items.flatMap((item) => [item.label, ...(item.children ?? []).map((c) => c.label)]);
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
  it('lists Cases under Admin, after Care Form Types, only for a role that may list case types (issue 24)', () => {
    const admin = { isAdmin: true, roleHasSystemLevelAccess: false };
    const adminLinks = (can?: (action: string) => boolean) =>
      staffMenuItems(admin, '/', can)
        .find((item) => item.label === 'Admin')
        ?.children?.map((c) => c.to);
    expect(adminLinks()).not.toContain('/admin/cases');
    expect(adminLinks((action) => action !== 'caseTypes.list')).not.toContain('/admin/cases');
    const links = adminLinks((action) => action === 'caseTypes.list') ?? [];
    expect(links.indexOf('/admin/cases')).toBe(links.indexOf('/care-forms/care-form-types') + 1);
    expect(
      activeMenuPath(
        staffMenuItems(admin, '/admin/cases', () => true),
        '/admin/cases',
      ),
    ).toBe('/admin/cases');
    expect(labels(staffMenuItems({ isAdmin: false, roleHasSystemLevelAccess: false }, '/', () => true))).not.toContain('Admin');
  });
  it('lists Chat only when chat is enabled for the user (issue 22 item 5)', () => {
    const base = { isAdmin: false, roleHasSystemLevelAccess: false };
    expect(labels(staffMenuItems(base))).not.toContain('Chat');
    expect(labels(staffMenuItems({ ...base, chat: { enabled: false } }))).not.toContain('Chat');
    expect(labels(staffMenuItems({ ...base, chat: { enabled: true } }))).toContain('Chat');
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

describe('the open client or caregiver in the menu', () => {
  const links = (pathname: string) =>
    staffMenuItems({ isAdmin: false, roleHasSystemLevelAccess: false }, pathname).flatMap((item) => ('to' in item ? [item] : []));
  it('shows Schedule and Profile under Clients only while a client is open', () => {
    expect(links('/clients').find((l) => l.label === 'Clients')?.children).toBeUndefined();
    expect(links('/clients/12/profile').find((l) => l.label === 'Clients')?.children).toEqual([
      { label: 'Schedule', to: '/clients/12/schedule' },
      { label: 'Profile', to: '/clients/12/profile' },
    ]);
    expect(links('/clients/12/profile').find((l) => l.label === 'Caregivers')?.children).toBeUndefined();
    expect(
      links('/caregivers/3')
        .find((l) => l.label === 'Caregivers')
        ?.children?.map((c) => c.to),
    ).toEqual(['/caregivers/3/schedule', '/caregivers/3/profile']);
  });
  it("lights up the open record's page, and its Profile for a file preview", () => {
    const at = (pathname: string) =>
      activeMenuPath(staffMenuItems({ isAdmin: false, roleHasSystemLevelAccess: false }, pathname), pathname);
    expect(at('/clients/12/schedule')).toBe('/clients/12/schedule');
    expect(at('/clients/12/profile')).toBe('/clients/12/profile');
    expect(at('/clients/12/files/5')).toBe('/clients/12/profile');
    expect(at('/file-import-rows')).toBe('/file-imports');
    expect(at('/caregivers/3/profile')).toBe('/caregivers/3/profile');
  });
  it('never takes a name for a record', () => {
    expect(links('/clients/new').find((l) => l.label === 'Clients')?.children).toBeUndefined();
  });
});

describe('the menu in Spanish', () => {
  it('names its entries in the shown language, with the same paths', async () => {
    await i18n.changeLanguage('es');
    try {
      const items = staffMenuItems({ isAdmin: true, roleHasSystemLevelAccess: false }, '/clients/12/profile');
      expect(labels(items)).toEqual(
        expect.arrayContaining(['Inicio', 'Clientes', 'Horario', 'Perfil', 'Administración', 'Sucursales']),
      );
      expect(activeMenuPath(items, '/clients/12/profile')).toBe('/clients/12/profile');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
