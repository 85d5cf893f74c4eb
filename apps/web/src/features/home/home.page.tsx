import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime, IconChartBar, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '@/api/current-user';
import { useAllowedActions } from '@/api/allowed-actions';
import { LateVisitsCard } from './late-visits.card';

/** A card linking to a screen: its name, what it is for, and the button. */
function ScreenCard({ title, text, to, icon }: { title: string; text: string; to: string; icon: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Group justify="space-between" wrap="nowrap">
        {/* The text takes what is left and wraps; the button keeps its whole label (a flex item would shrink it). */}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={500}>{title}</Text>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </div>
        <Button component={Link} to={to} variant="light" leftSection={icon} style={{ flexShrink: 0 }}>
          {title}
        </Button>
      </Group>
    </Paper>
  );
}

/** Home (/): a welcome naming the user and their role, the visits running late (live), and cards linking to the main screens and the dashboards. */
export function HomePage() {
  const user = useCurrentUser().data;
  const { can } = useAllowedActions();
  const { t } = useTranslation('shell');
  if (!user) return null;
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{t('home.welcome', { name: user.firstName })}</Title>
      <Text c="dimmed">{t('home.signedInAs', { username: user.username, role: user.role.name })}</Text>
      {can('getLateVisits') && <LateVisitsCard />}
      <ScreenCard title={t('home.shifts')} text={t('home.shiftsText')} to="/shifts" icon={<IconCalendarTime size={16} />} />
      {/* Admins reach it from the Admin menu; branch managers who lock their pay periods reach it here. */}
      {!user.isAdmin && can('createPayPeriodLockTime') && (
        <ScreenCard
          title={t('home.payPeriodLocks')}
          text={t('home.payPeriodLocksText')}
          to="/admin/pay-period-lock-times"
          icon={<IconLock size={16} />}
        />
      )}
      {can('getDashboardSummary') && (
        <ScreenCard
          title={t('home.dashboards')}
          text={t('home.dashboardsText')}
          to="/dashboard"
          icon={<IconChartBar size={16} />}
        />
      )}
    </Stack>
  );
}
