import { AppShell, Group, Text, UnstyledButton } from '@mantine/core';
import { PhoneAppHeader } from './app-header';
import { IconAlertTriangle, IconCalendarEvent, IconHandGrab, IconMessages } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import classes from './caregiver.shell.module.css';

type Tab = 'schedule' | 'missed' | 'pickup' | 'chat';

const TABS: { tab: Tab; label: string; to: string; Icon: typeof IconCalendarEvent }[] = [
  { tab: 'schedule', label: 'Schedule', to: '/app', Icon: IconCalendarEvent },
  { tab: 'missed', label: 'Missed', to: '/app?status=missing', Icon: IconAlertTriangle },
  { tab: 'pickup', label: 'Pickup', to: '/app/pickup', Icon: IconHandGrab },
  { tab: 'chat', label: 'Chat', to: '/chat', Icon: IconMessages },
];

function activeTab(pathname: string, status: string | null): Tab | null {
  if (pathname === '/chat') return 'chat';
  if (pathname.startsWith('/app/pickup')) return 'pickup';
  if (pathname === '/app') return status === 'missing' ? 'missed' : 'schedule';
  return null;
}

/**
 * The caregiver app layout, phone first: a slim header and a bottom bar (Schedule, Missed, Pickup, Chat). The
 * spec's counts on Missed, Pickup and Chat come with those features; no number is shown until it is real.
 */
export function CaregiverShell() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const active = activeTab(pathname, searchParams.get('status'));

  return (
    <AppShell header={{ height: 52 }} footer={{ height: 64 }} padding="md">
      <PhoneAppHeader />
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer component="nav" aria-label="Caregiver menu">
        <Group h="100%" grow gap={0} wrap="nowrap">
          {TABS.map(({ tab, label, to, Icon }) => (
            <UnstyledButton
              key={tab}
              component={Link}
              to={to}
              className={classes.tab}
              data-active={tab === active || undefined}
              aria-current={tab === active ? 'page' : undefined}
            >
              <Icon size={22} stroke={1.6} />
              <Text size="xs" fw={500} inherit>
                {label}
              </Text>
            </UnstyledButton>
          ))}
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
