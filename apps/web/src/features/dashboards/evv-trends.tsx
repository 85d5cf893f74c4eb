import { BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { EvvDashboardOutput } from '@hearth/shared/dashboards/dashboards.schema';
import { shortDate } from './dashboards.format';

/** The trends tab: compliance rate per week (line) and the exceptions per week (bars). */
export function EvvTrends({ trends }: { trends: EvvDashboardOutput['trends'] }) {
  if (trends.length === 0) return <Text c="dimmed">No completed visits in this period.</Text>;
  const data = trends.map((w) => ({
    week: `Week of ${shortDate(w.weekStart)}`,
    'Compliance rate': w.rate === null ? null : Math.round(w.rate * 1000) / 10,
    'Geofence exceptions': w.geofenceExceptions,
    'Manual edits': w.manualEdits,
    'Late check-ins': w.lateCheckIns,
  }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Paper withBorder p="md" radius="md" aria-label="Compliance rate by week">
        <Text fw={500} mb="xs">
          Compliance rate by week
        </Text>
        <LineChart
          h={260}
          data={data}
          dataKey="week"
          series={[{ name: 'Compliance rate', color: 'teal.6' }]}
          yAxisProps={{ domain: [0, 100] }}
          unit="%"
          curveType="linear"
          connectNulls
        />
      </Paper>
      <Paper withBorder p="md" radius="md" aria-label="Exceptions by week">
        <Text fw={500} mb="xs">
          Exceptions by week
        </Text>
        <BarChart
          h={260}
          data={data}
          dataKey="week"
          withLegend
          series={[
            { name: 'Geofence exceptions', color: 'orange.6' },
            { name: 'Manual edits', color: 'violet.6' },
            { name: 'Late check-ins', color: 'red.6' },
          ]}
        />
      </Paper>
    </SimpleGrid>
  );
}
