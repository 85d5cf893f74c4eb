import type { ComponentType } from 'react';
import {
  IconBell,
  IconBriefcase,
  IconCalendarQuestion,
  IconChartBar,
  IconClipboardList,
  IconFiles,
  IconHeartHandshake,
  IconHome,
  IconMap2,
  IconMessages,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';
import type { CurrentUser } from '@hearth/shared/users/users.schema';
import { i18n } from '@/i18n/i18n.setup';

type Icon = ComponentType<{ size?: number | string; stroke?: number }>;

/** A menu entry that links to a screen; `children` are sub-links shown under it (a client's Schedule, Profile). */
export interface MenuLink {
  label: string;
  to: string;
  icon?: Icon;
  children?: MenuLink[];
}

/** A menu entry that opens a submenu. */
export interface MenuGroup {
  label: string;
  icon: Icon;
  children: MenuLink[];
}

/** Entry of the staff side menu. */
export type MenuItem = MenuLink | MenuGroup;

/** Clients or Caregivers, with the Schedule and Profile of the one open at `pathname` (e.g. /clients/12/profile). */
function recordsLink(label: string, base: '/clients' | '/caregivers', icon: Icon, pathname: string): MenuLink {
  const match = new RegExp(`^${base}/(\\d+)(/|$)`).exec(pathname);
  if (!match) return { label, to: base, icon };
  const id = match[1]!;
  return {
    label,
    to: base,
    icon,
    children: [
      { label: i18n.t('shell:menu.schedule'), to: `${base}/${id}/schedule` },
      { label: i18n.t('shell:menu.profile'), to: `${base}/${id}/profile` },
    ],
  };
}

/**
 * The staff side menu (spec "Navigation chrome" and section 6): Admin only for admins, and its File Export Types,
 * File Import Types and Logging entries only with system-level access. While a client or caregiver is open
 * (`pathname` under /clients/{id} or /caregivers/{id}), Clients or Caregivers shows Schedule and Profile under it.
 * Chat is listed only when chat is enabled for the user (`user.chat.enabled`, getCurrentUser's chat rights).
 * Admin's Case Types (/admin/cases, issue 24: case types, modules and case admins) follows Care Form Types only when `can`
 * says the role may call caseTypes.list (the allowed actions, GET /api/actions).
 * Labels are in the shown language (i18next's, read at each call: the menu re-renders on a language change).
 */
export function staffMenuItems(
  user: Pick<CurrentUser, 'isAdmin' | 'roleHasSystemLevelAccess'> & { chat?: { enabled: boolean } },
  pathname = '/',
  can: (action: string) => boolean = () => false,
): MenuItem[] {
  const items: MenuItem[] = [
    { label: i18n.t('shell:menu.home'), to: '/', icon: IconHome },
    { label: i18n.t('shell:menu.map'), to: '/map', icon: IconMap2 },
    recordsLink(i18n.t('shell:menu.clients'), '/clients', IconUsers, pathname),
    recordsLink(i18n.t('shell:menu.caregivers'), '/caregivers', IconHeartHandshake, pathname),
    { label: i18n.t('shell:menu.reports'), to: '/reports', icon: IconChartBar },
    {
      label: i18n.t('shell:menu.files'),
      icon: IconFiles,
      children: [
        { label: i18n.t('shell:menu.import'), to: '/file-imports' },
        { label: i18n.t('shell:menu.export'), to: '/file-exports' },
      ],
    },
    { label: i18n.t('shell:menu.cases'), to: '/cases', icon: IconBriefcase },
    // The families' visit requests (issue 25 item 3), for the roles that answer them.
    ...(can('visitRequests.list')
      ? [{ label: i18n.t('shell:menu.visitRequests'), to: '/visit-requests', icon: IconCalendarQuestion }]
      : []),
    { label: i18n.t('shell:menu.careForms'), to: '/care-forms', icon: IconClipboardList },
  ];
  if (user.isAdmin) {
    const admin: MenuLink[] = [
      { label: i18n.t('shell:menu.branches'), to: '/admin/branches' },
      { label: i18n.t('shell:menu.users'), to: '/admin/users' },
      { label: i18n.t('shell:menu.roles'), to: '/admin/roles' },
      { label: i18n.t('shell:menu.payerSources'), to: '/admin/payer-sources' },
      { label: i18n.t('shell:menu.payPeriodLockTimes'), to: '/admin/pay-period-lock-times' },
      { label: i18n.t('shell:menu.careFormTypes'), to: '/care-forms/care-form-types' },
      ...(can('caseTypes.list') ? [{ label: i18n.t('shell:menu.caseTypes'), to: '/admin/cases' }] : []),
      { label: i18n.t('accessLog:settings.menu'), to: '/admin/security' },
    ];
    if (user.roleHasSystemLevelAccess) {
      admin.push(
        { label: i18n.t('shell:menu.fileExportTypes'), to: '/admin/file-export-types' },
        { label: i18n.t('shell:menu.fileImportTypes'), to: '/admin/file-import-types' },
        { label: i18n.t('shell:menu.logging'), to: '/admin/logging' },
      );
    }
    items.push({ label: i18n.t('shell:menu.admin'), icon: IconSettings, children: admin });
  }
  items.push({ label: i18n.t('shell:menu.notifications'), to: '/notifications', icon: IconBell });
  // Chat only for a user whose role and own setting allow it (issue 22 item 5: "a user with chatEnabled false or a
  // role without chat sees no chat").
  if (user.chat?.enabled) items.push({ label: i18n.t('shell:menu.chat'), to: '/chat', icon: IconMessages });
  return items;
}

/**
 * The one link to highlight for `pathname`: the longest menu path that is the path itself or a parent of it, so
 * /care-forms/care-form-types/7 lights up Care Form Types and not Care Forms, and /clients/4/profile lights up the
 * client's Profile. A file preview (/clients/4/files/9) belongs to the Profile it is listed on, the rows of an
 * import (/file-import-rows) to Import. Home only matches / exactly.
 */
export function activeMenuPath(items: MenuItem[], pathname: string): string | null {
  let best: string | null = null;
  const links = items.flatMap((item) => ('to' in item ? [item, ...(item.children ?? [])] : item.children));
  const path = pathname
    .replace(/^\/(clients|caregivers)\/(\d+)\/files(\/.*)?$/, '/$1/$2/profile')
    .replace(/^\/file-import-rows$/, '/file-imports');
  for (const { to } of links) {
    const matches = to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`);
    if (matches && (best === null || to.length > best.length)) best = to;
  }
  return best;
}
