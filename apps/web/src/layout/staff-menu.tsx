import { Fragment, useState, type ReactNode } from 'react';
import { Badge, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { CurrentUser } from '@hearth/shared/users/users.schema';
import { activeMenuPath, staffMenuItems, type MenuGroup, type MenuLink } from './staff-menu.items';
import { NotificationDot } from '@/components/notifications/notification-dot';
import { useNotificationStatus } from '@/components/notifications/notifications-api';
import { useChatUnreadCount } from '@/components/chat/chat-unread';
import { countBadge } from '@/format/count-badge';
import { useAllowedActions } from '@/api/allowed-actions';

/**
 * The staff side menu, used in the navbar and in the small-screen drawer. `onNavigate` lets the drawer close.
 * Notifications carries a red dot while the newest notification is unseen; Chat the live count of unread messages
 * (issue 22 item 6).
 */
export function StaffMenu({ user, onNavigate }: { user: CurrentUser; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  // The labels come from i18n.t in staffMenuItems; this subscription re-renders the menu when the language changes.
  const { t } = useTranslation('shell');
  const { t: tn } = useTranslation('notifications');
  // Items that depend on the role's actions (Admin > Cases: caseTypes.list) appear once the action list is known.
  const { can } = useAllowedActions();
  const items = staffMenuItems(user, pathname, can);
  const active = activeMenuPath(items, pathname);
  // The Notifications item's red dot, while the newest notification is unseen (spec "Navigation chrome").
  const unseen = useNotificationStatus().data?.newestUnseen === true;
  const dotted = (link: MenuLink) => unseen && link.to === '/notifications';
  const { t: tc, i18n } = useTranslation('chat');
  const unread = useChatUnreadCount(user.chat.enabled).data?.count ?? 0;
  const unreadBadge = countBadge(unread, i18n.language);
  const right = (link: MenuLink): ReactNode => {
    if (dotted(link)) return <NotificationDot />;
    if (link.to === '/chat' && unreadBadge) {
      return (
        <Badge size="sm" circle={unread < 10} aria-hidden data-testid="chat-unread-badge">
          {unreadBadge}
        </Badge>
      );
    }
    return undefined;
  };
  const accessibleName = (link: MenuLink): string | undefined => {
    if (dotted(link)) return tn('menu.newUnseen');
    if (link.to === '/chat' && unread > 0) return tc('menu.unread', { count: unread });
    return undefined;
  };

  const renderLink = (link: MenuLink): ReactNode => (
    <Fragment key={link.to}>
      <NavLink
        component={Link}
        to={link.to}
        label={link.label}
        leftSection={link.icon ? <link.icon size={18} stroke={1.6} /> : undefined}
        rightSection={right(link)}
        aria-label={accessibleName(link)}
        active={link.to === active}
        aria-current={link.to === active ? 'page' : undefined}
        onClick={onNavigate}
      />
      {/* An open client's or caregiver's Schedule and Profile, indented under Clients or Caregivers. */}
      {link.children && (
        <Stack gap={2} pl={28} aria-label={t('menu.recordGroup', { label: link.label })} role="group">
          {link.children.map(renderLink)}
        </Stack>
      )}
    </Fragment>
  );

  return (
    <Stack gap={2} component="nav" aria-label={t('menu.label')}>
      {items.map((item) =>
        !('to' in item) ? (
          <MenuGroupLink key={item.label} group={item} containsActive={item.children.some((c) => c.to === active)}>
            {item.children.map(renderLink)}
          </MenuGroupLink>
        ) : (
          renderLink(item)
        ),
      )}
    </Stack>
  );
}

/** A submenu toggle (Files, Admin): a real button that says whether it is expanded; open while it holds the page. */
function MenuGroupLink({ group, containsActive, children }: { group: MenuGroup; containsActive: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(containsActive);
  // Navigating into the group (e.g. /admin redirecting to /admin/branches) opens it, so the active link shows.
  const [wasActive, setWasActive] = useState(containsActive);
  if (containsActive !== wasActive) {
    setWasActive(containsActive);
    if (containsActive) setOpened(true);
  }
  return (
    <NavLink
      component="button"
      type="button"
      label={group.label}
      leftSection={<group.icon size={18} stroke={1.6} />}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset={28}
    >
      {children}
    </NavLink>
  );
}
