import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EvvCounts, VisitCounts } from '@hearth/shared/dashboards/dashboards.schema';
import { percentText } from './dashboards.format';

/** One figure with its label. */
export function StatCard({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2} data-testid="stat-value">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** The five visit counts of a period as cards. */
export function VisitCountCards({ counts, label }: { counts: VisitCounts; label: string }) {
  const { t } = useTranslation('reports');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" aria-label={label}>
      <StatCard label={t('stats.scheduled')} value={counts.scheduled} hint={t('stats.scheduledHint')} />
      <StatCard label={t('stats.inProgress')} value={counts.inProgress} />
      <StatCard label={t('stats.completed')} value={counts.completed} />
      <StatCard label={t('stats.missed')} value={counts.missed} />
      <StatCard label={t('stats.openShifts')} value={counts.openShifts} hint={t('stats.openShiftsHint')} />
    </SimpleGrid>
  );
}

/** The EVV totals of a period as cards. */
export function EvvTotals({ totals }: { totals: EvvCounts }) {
  const { t } = useTranslation('reports');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
      <StatCard label={t('stats.completedVisits')} value={totals.visits} />
      <StatCard label={t('stats.compliant')} value={totals.compliant} />
      <StatCard label={t('stats.complianceRate')} value={percentText(totals.rate)} />
      <StatCard label={t('stats.geofenceExceptions')} value={totals.geofenceExceptions} />
      <StatCard label={t('stats.manualEdits')} value={totals.manualEdits} />
      <StatCard label={t('stats.lateCheckIns')} value={totals.lateCheckIns} />
    </SimpleGrid>
  );
}
