import { AppShell, Box } from '@mantine/core';
import { IconCalendarEvent, IconDots, IconHome, IconMessages, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import type { ContactPermission } from '@hearth/shared/client-app/client-app.constants';
import { PhoneAppHeader } from '@/layout/app-header';
import { PhoneTabBar, type PhoneTab } from '@/layout/phone-tab-bar';
import { ClientAppSelectionProvider, useClientAppSelection } from './client-app.selection';
import { ClientAppSwitcher } from './client-app.switcher';

/** The client app's base path (spec "Client app": clients and trusted contacts are confined to it). */
export const CLIENT_APP = '/client-mobile-app';

type Tab = 'home' | 'visits' | 'requests' | 'messages' | 'more';

const TABS: { tab: Tab; path: string; Icon: PhoneTab['Icon']; needs?: ContactPermission }[] = [
  { tab: 'home', path: '', Icon: IconHome },
  { tab: 'visits', path: '/visits', Icon: IconCalendarEvent, needs: 'schedule' },
  { tab: 'requests', path: '/requests', Icon: IconSend, needs: 'schedule' },
  { tab: 'messages', path: '/messages', Icon: IconMessages, needs: 'messages' },
  { tab: 'more', path: '/more', Icon: IconDots },
];

/** The tab a path belongs to: the More tab holds the care plan, statements, alerts and account pages. */
function activeTab(pathname: string): Tab | null {
  const rest = pathname.slice(CLIENT_APP.length);
  if (rest === '' || rest === '/') return 'home';
  for (const { tab, path } of TABS) if (path && rest.startsWith(path)) return tab;
  if (/^\/(care-plan|statements|alerts|account)/.test(rest)) return 'more';
  return null;
}

function ClientAppTabs() {
  const { t } = useTranslation('clientApp');
  const { pathname } = useLocation();
  const { client } = useClientAppSelection();
  const tabs = TABS.filter(({ needs }) => !needs || (client?.permissions[needs] ?? false)).map(({ tab, path, Icon }) => ({
    key: tab,
    to: `${CLIENT_APP}${path}`,
    Icon,
    label: t(`tabs.${tab}`),
  }));
  return <PhoneTabBar label={t('tabs.label')} tabs={tabs} active={activeTab(pathname)} />;
}

/**
 * The client and family app's layout, phone first (issue "client and family app" item 7): the slim phone header,
 * whose care is shown (a switcher for a contact of several clients), the page, and a bottom bar (Home, Visits,
 * Requests, Messages, More) showing only the tabs the shown client's permissions open. On a desktop the same
 * column stays centred and readable.
 */
export function ClientAppShell() {
  return (
    <ClientAppSelectionProvider>
      <AppShell header={{ height: 52 }} footer={{ height: 64 }} padding="md">
        <PhoneAppHeader />
        <AppShell.Main>
          <Box maw={720} mx="auto" mb="md">
            <ClientAppSwitcher />
          </Box>
          <Outlet />
        </AppShell.Main>
        <ClientAppTabs />
      </AppShell>
    </ClientAppSelectionProvider>
  );
}
