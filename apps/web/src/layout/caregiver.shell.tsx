import { useEffect } from 'react';
import { AppShell } from '@mantine/core';
import { PhoneAppHeader } from './app-header';
import { NotificationsBell } from '@/components/notifications/notifications-bell';
import { IconAlertTriangle, IconCalendarEvent, IconClipboardList, IconHandGrab, IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { useCaregiverAppCounts } from '@/api/caregiver-app-counts';
import { useCurrentUser } from '@/api/current-user';
import { useChatUnreadCount } from '@/components/chat/chat-unread';
import { countBadge } from '@/format/count-badge';
import { PhoneTabBar } from './phone-tab-bar';

type Tab = 'schedule' | 'missed' | 'pickup' | 'forms' | 'chat';

const TABS: { tab: Tab; to: string; Icon: typeof IconCalendarEvent }[] = [
  { tab: 'schedule', to: '/app', Icon: IconCalendarEvent },
  { tab: 'missed', to: '/app?status=missing', Icon: IconAlertTriangle },
  { tab: 'pickup', to: '/app/pickup', Icon: IconHandGrab },
  { tab: 'forms', to: '/app/care-forms', Icon: IconClipboardList },
  { tab: 'chat', to: '/chat', Icon: IconMessages },
];

/** The colour of each tab's count (spec "Navigation chrome": Missed orange, Pickup blue). */
/** How long after the shell shows the care forms sync starts: the first screen's code and data go first (ms). */
const FORMS_SYNC_DELAY_MS = 3000;

/**
 * Starts the care forms and incident reports syncs for the page's life (issue 23 item 3, issue 24 item 3: drafts and
 * reports retried when online on any screen), after the first screen; their code is in chunks of their own, so the
 * schedule's first download does not carry it.
 */
function useCareFormsSyncStart(): void {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      void import('@/routes/care-forms-phone.sync').then((m) => m.startCareFormsSync()).catch(() => undefined);
      void import('@/routes/cases-phone.box').then((m) => m.startCasesSync()).catch(() => undefined);
    }, FORMS_SYNC_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
}

const COUNT_COLORS: Partial<Record<Tab, string>> = { missed: 'orange', pickup: 'blue' };

function activeTab(pathname: string, status: string | null): Tab | null {
  if (pathname === '/chat') return 'chat';
  if (pathname.startsWith('/app/pickup')) return 'pickup';
  if (pathname.startsWith('/app/care-forms')) return 'forms';
  if (pathname === '/app') return status === 'missing' ? 'missed' : 'schedule';
  return null;
}

/**
 * The caregiver app layout, phone first: a slim header and a bottom bar (Schedule, Missed, Pickup, Forms, Chat). Missed
 * and Pickup carry their counts from caregiverAppGetCounts (no badge for none or while unknown); Chat carries the
 * live unread count (getChatUnreadCount, refetched on each live 'chat' event; issue 22 item 6), and is not shown to
 * a caregiver without chat (the role's chatEnabled or their own off, issue 22 item 5). Forms leads to the care forms,
 * whose drafts sync from any screen (useCareFormsSyncStart).
 */
export function CaregiverShell() {
  const { t } = useTranslation('caregiverApp');
  const { t: tForms } = useTranslation('careFormsPhone');
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const active = activeTab(pathname, searchParams.get('status'));
  const counts = useCaregiverAppCounts();
  useCareFormsSyncStart();
  const chatEnabled = useCurrentUser().data?.chat.enabled ?? false;
  const chatUnread = useChatUnreadCount(chatEnabled);
  const countOf: Partial<Record<Tab, string | null>> = {
    missed: countBadge(counts?.missed),
    pickup: countBadge(counts?.pickup),
    chat: countBadge(chatUnread.data?.count),
  };
  const tabs = chatEnabled ? TABS : TABS.filter(({ tab }) => tab !== 'chat');

  return (
    <AppShell header={{ height: 52 }} footer={{ height: 64 }} padding="md">
      <PhoneAppHeader actions={<NotificationsBell />} />
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <PhoneTabBar
        label={t('menu.label')}
        active={active}
        tabs={tabs.map(({ tab, to, Icon }) => ({
          key: tab,
          to,
          Icon,
          label: tab === 'forms' ? tForms('nav.forms') : t(`menu.${tab}`),
          count: countOf[tab] ?? null,
          countColor: COUNT_COLORS[tab],
        }))}
      />
    </AppShell>
  );
}
