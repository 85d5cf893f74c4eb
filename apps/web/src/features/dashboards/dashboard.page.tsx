import '@mantine/charts/styles.css';
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Alert, Button, Grid, Group, Loader, Paper, RingProgress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconMapPin } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import { useLiveEvent } from '@/api/live-events';
import { BranchPicker } from './branch-picker';
import { hoursOf, hoursText, localDate, percentText } from './dashboards.format';
import { StatCard, VisitCountCards } from './stat-cards';

const long = (date: string) => localDate(date, 'ccc, LLL d', { weekday: 'short', month: 'short', day: 'numeric' });

/**
 * /dashboard (issue "Payroll, billing, reports" item 4): today and this week in the caller's branches (or one):
 * visit counts, hours scheduled vs worked per day, and the week's EVV compliance; links to the EVV dashboard and,
 * for roles over several branches, the rollup. Live shift, visit and count events refresh the counts.
 */
export function DashboardPage() {
  const { t } = useTranslation('reports');
  const trpc = useTRPC();
  const { can } = useAllowedActions();
  const [branchId, setBranchId] = useState<number | undefined>(undefined);
  const summary = useQuery(trpc.getDashboardSummary.queryOptions(branchId === undefined ? {} : { branchId }));
  const queryClient = useQueryClient();
  // The counts follow the day as it happens: a shift saved, a visit checked in or out (issue 21, live events).
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.getDashboardSummary.queryKey() });
  useLiveEvent('shifts', refresh);
  useLiveEvent('visits', refresh);
  useLiveEvent('counts', refresh);
  const s = summary.data;
  // Chart series are keyed by their legend texts.
  const scheduled = t('dashboard.scheduled');
  const worked = t('dashboard.worked');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('dashboard.title')}</Title>
        <Group gap="sm" align="flex-end">
          <BranchPicker value={branchId} onChange={setBranchId} />
          <Button component={Link} to="/dashboard/evv" variant="light" size="xs" leftSection={<IconMapPin size={14} />}>
            {t('dashboard.evvCompliance')}
          </Button>
          {can('getRollupDashboard') && (
            <Button component={Link} to="/dashboard/rollup" variant="light" size="xs" leftSection={<IconChartBar size={14} />}>
              {t('dashboard.rollupByBranch')}
            </Button>
          )}
        </Group>
      </Group>
      {summary.isError && <Alert color="red">{summary.error.message}</Alert>}
      {!s ? (
        summary.isPending && <Loader size="sm" />
      ) : (
        <>
          <Title order={4}>{t('dashboard.todayOn', { date: long(s.today) })}</Title>
          <VisitCountCards counts={s.todayCounts} label={t('dashboard.today')} />
          <Title order={4}>{t('dashboard.thisWeekRange', { from: long(s.weekFrom), to: long(s.weekTo) })}</Title>
          <VisitCountCards counts={s.weekCounts} label={t('dashboard.thisWeek')} />
          <Grid gutter="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Paper withBorder p="md" radius="md" h="100%" aria-label={t('dashboard.hoursScheduledVsWorked')}>
                <Text fw={500} mb="xs">
                  {t('dashboard.hoursScheduledVsWorked')}
                </Text>
                <BarChart
                  h={240}
                  data={s.hoursByDay.map((d) => ({
                    day: localDate(d.date, 'ccc d', { weekday: 'short', day: 'numeric' }),
                    [scheduled]: hoursOf(d.scheduledMinutes),
                    [worked]: hoursOf(d.workedMinutes),
                  }))}
                  dataKey="day"
                  series={[
                    { name: scheduled, color: 'blue.3' },
                    { name: worked, color: 'teal.6' },
                  ]}
                  withLegend
                  unit=" h"
                  tickLine="y"
                />
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder p="md" radius="md" h="100%" aria-label={t('dashboard.evvComplianceThisWeek')}>
                <Text fw={500}>{t('dashboard.evvComplianceThisWeek')}</Text>
                <Group justify="center" my="sm">
                  <RingProgress
                    size={150}
                    thickness={14}
                    roundCaps
                    sections={[{ value: (s.weekEvv.rate ?? 0) * 100, color: 'teal' }]}
                    label={
                      <Text ta="center" fz={24} fw={700} data-testid="week-compliance">
                        {percentText(s.weekEvv.rate)}
                      </Text>
                    }
                  />
                </Group>
                <SimpleGrid cols={2} spacing="xs">
                  <StatCard label={t('dashboard.compliant')} value={`${s.weekEvv.compliant} / ${s.weekEvv.visits}`} />
                  <StatCard
                    label={t('dashboard.worked')}
                    value={hoursText(s.hoursByDay.reduce((sum, d) => sum + d.workedMinutes, 0))}
                  />
                </SimpleGrid>
              </Paper>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
