import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Breadcrumbs, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { RollupRow } from '@hearth/shared/dashboards/dashboards.schema';
import { useTRPC } from '@/api/trpc';
import { evvParamsOf, hoursOf, hoursText, percentText, todayText } from './dashboards.format';
import { EvvFilters } from './evv-filters';

/** "No region" for branches without one (branches.region null). */
const regionName = (region: string | null) => region ?? 'No region';

/** One table of rollup rows: the summary figures and the EVV rate. */
function RollupTable({ label, rows }: { label: string; rows: (RollupRow & { key: string; name: string; sub?: string })[] }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{label === 'Branches' ? 'Branch' : 'Region'}</Table.Th>
            <Table.Th>Scheduled</Table.Th>
            <Table.Th>In progress</Table.Th>
            <Table.Th>Completed</Table.Th>
            <Table.Th>Missed</Table.Th>
            <Table.Th>Open shifts</Table.Th>
            <Table.Th>Hours scheduled</Table.Th>
            <Table.Th>Hours worked</Table.Th>
            <Table.Th>EVV compliance</Table.Th>
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
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const { from, to } = evvParamsOf(params, todayText());
  const rollup = useQuery(trpc.getRollupDashboard.queryOptions({ from, to }));
  const r = rollup.data;
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/dashboard" size="sm">
          Dashboard
        </Anchor>
        <span>Rollup</span>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Rollup by branch and region</Title>
        <EvvFilters from={from} to={to} onPeriod={(p) => setParams(p, { replace: true })} />
      </Group>
      {rollup.isError && <Alert color="red">{rollup.error.message}</Alert>}
      {rollup.isPending && <Loader size="sm" />}
      {r && (
        <>
          <Paper withBorder p="md" radius="md" aria-label="Hours by branch">
            <Text fw={500} mb="xs">
              Hours scheduled vs worked by branch
            </Text>
            <BarChart
              h={260}
              data={r.branches.map((b) => ({
                branch: b.name,
                Scheduled: hoursOf(b.scheduledMinutes),
                Worked: hoursOf(b.workedMinutes),
              }))}
              dataKey="branch"
              withLegend
              unit=" h"
              series={[
                { name: 'Scheduled', color: 'blue.3' },
                { name: 'Worked', color: 'teal.6' },
              ]}
            />
          </Paper>
          <Title order={4}>Regions</Title>
          <RollupTable
            label="Regions"
            rows={[
              ...r.regions.map((g) => ({
                ...g,
                key: g.region ?? '',
                name: regionName(g.region),
                sub: `${g.branchCount} ${g.branchCount === 1 ? 'branch' : 'branches'}`,
              })),
              { ...r.totals, key: '__all', name: 'All branches' },
            ]}
          />
          <Title order={4}>Branches</Title>
          <RollupTable
            label="Branches"
            rows={r.branches.map((b) => ({ ...b, key: String(b.branchId), sub: regionName(b.region) }))}
          />
        </>
      )}
    </Stack>
  );
}
