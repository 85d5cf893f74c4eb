import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Breadcrumbs, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { RollupRow } from '@hearth/shared/dashboards/dashboards.schema';
import { useTRPC } from '@/api/trpc';
import { evvParamsOf, hoursOf, hoursText, percentText, todayText } from './dashboards.format';
import { EvvFilters } from './evv-filters';

/** One table of rollup rows: the summary figures and the EVV rate. */
function RollupTable(props: { kind: 'branches' | 'regions'; rows: (RollupRow & { key: string; name: string; sub?: string })[] }) {
  const { kind, rows } = props;
  const { t } = useTranslation('reports');
  const label = t(`rollup.${kind}`);
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{kind === 'branches' ? t('rollup.branch') : t('rollup.region')}</Table.Th>
            <Table.Th>{t('rollup.scheduled')}</Table.Th>
            <Table.Th>{t('rollup.inProgress')}</Table.Th>
            <Table.Th>{t('rollup.completed')}</Table.Th>
            <Table.Th>{t('rollup.missed')}</Table.Th>
            <Table.Th>{t('rollup.openShifts')}</Table.Th>
            <Table.Th>{t('rollup.hoursScheduled')}</Table.Th>
            <Table.Th>{t('rollup.hoursWorked')}</Table.Th>
            <Table.Th>{t('rollup.evvCompliance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {r.name}
                </Text>
                {r.sub && (
                  <Text size="xs" c="dimmed">
                    {r.sub}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{r.scheduled}</Table.Td>
              <Table.Td>{r.inProgress}</Table.Td>
              <Table.Td>{r.completed}</Table.Td>
              <Table.Td>{r.missed}</Table.Td>
              <Table.Td>{r.openShifts}</Table.Td>
              <Table.Td>{hoursText(r.scheduledMinutes)}</Table.Td>
              <Table.Td>{hoursText(r.workedMinutes)}</Table.Td>
              <Table.Td>
                {percentText(r.evv.rate)}
                <Text span size="xs" c="dimmed">
                  {' '}
                  ({r.evv.compliant}/{r.evv.visits})
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /dashboard/rollup: the summary figures and EVV compliance per branch and per region (branches without a region
 * under "No region") over a period (default the last 4 full weeks), with a chart of hours per branch.
 */
export function RollupPage() {
  const { t } = useTranslation('reports');
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const { from, to } = evvParamsOf(params, todayText());
  const rollup = useQuery(trpc.getRollupDashboard.queryOptions({ from, to }));
  const r = rollup.data;
  // "No region" for branches without one (branches.region null).
  const regionName = (region: string | null) => region ?? t('rollup.noRegion');
  // Chart series are keyed by their legend texts.
  const scheduled = t('dashboard.scheduled');
  const worked = t('rollup.worked');
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/dashboard" size="sm">
          {t('dashboard.title')}
        </Anchor>
        <span>{t('rollup.breadcrumb')}</span>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('rollup.title')}</Title>
        <EvvFilters from={from} to={to} onPeriod={(p) => setParams(p, { replace: true })} />
      </Group>
      {rollup.isError && <Alert color="red">{rollup.error.message}</Alert>}
      {rollup.isPending && <Loader size="sm" />}
      {r && (
        <>
          <Paper withBorder p="md" radius="md" aria-label={t('rollup.hoursByBranch')}>
            <Text fw={500} mb="xs">
              {t('rollup.hoursByBranchTitle')}
            </Text>
            <BarChart
              h={260}
              data={r.branches.map((b) => ({
                branch: b.name,
                [scheduled]: hoursOf(b.scheduledMinutes),
                [worked]: hoursOf(b.workedMinutes),
              }))}
              dataKey="branch"
              withLegend
              unit=" h"
              series={[
                { name: scheduled, color: 'blue.3' },
                { name: worked, color: 'teal.6' },
              ]}
            />
          </Paper>
          <Title order={4}>{t('rollup.regions')}</Title>
          <RollupTable
            kind="regions"
            rows={[
              ...r.regions.map((g) => ({
                ...g,
                key: g.region ?? '',
                name: regionName(g.region),
                sub: t('rollup.branchCount', { count: g.branchCount }),
              })),
              { ...r.totals, key: '__all', name: t('rollup.allBranches') },
            ]}
          />
          <Title order={4}>{t('rollup.branches')}</Title>
          <RollupTable
            kind="branches"
            rows={r.branches.map((b) => ({ ...b, key: String(b.branchId), sub: regionName(b.region) }))}
          />
        </>
      )}
    </Stack>
  );
}
