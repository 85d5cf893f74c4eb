import { BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EvvDashboardOutput } from '@hearth/shared/dashboards/dashboards.schema';
import { shortDate } from './dashboards.format';

/** The trends tab: compliance rate per week (line) and the exceptions per week (bars). */
export function EvvTrends({ trends }: { trends: EvvDashboardOutput['trends'] }) {
  const { t } = useTranslation('reports');
  if (trends.length === 0) return <Text c="dimmed">{t('trends.noVisits')}</Text>;
  // The series' names are their legend and tooltip texts, so the data keys are the translated names.
  const rate = t('trends.complianceRate');
  const geofence = t('trends.geofenceExceptions');
  const manual = t('trends.manualEdits');
  const late = t('trends.lateCheckIns');
  const data = trends.map((w) => ({
    week: t('trends.weekOf', { date: shortDate(w.weekStart) }),
    [rate]: w.rate === null ? null : Math.round(w.rate * 1000) / 10,
    [geofence]: w.geofenceExceptions,
    [manual]: w.manualEdits,
    [late]: w.lateCheckIns,
  }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Paper withBorder p="md" radius="md" aria-label={t('trends.complianceByWeek')}>
        <Text fw={500} mb="xs">
          {t('trends.complianceByWeek')}
        </Text>
        <LineChart
          h={260}
          data={data}
          dataKey="week"
          series={[{ name: rate, color: 'teal.6' }]}
          yAxisProps={{ domain: [0, 100] }}
          unit="%"
          curveType="linear"
          connectNulls
        />
      </Paper>
      <Paper withBorder p="md" radius="md" aria-label={t('trends.exceptionsByWeek')}>
        <Text fw={500} mb="xs">
          {t('trends.exceptionsByWeek')}
        </Text>
        <BarChart
          h={260}
          data={data}
          dataKey="week"
          withLegend
          series={[
            { name: geofence, color: 'orange.6' },
            { name: manual, color: 'violet.6' },
            { name: late, color: 'red.6' },
          ]}
        />
      </Paper>
    </SimpleGrid>
  );
}
