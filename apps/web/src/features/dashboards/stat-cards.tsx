import { Paper, SimpleGrid, Text } from '@mantine/core';
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
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" aria-label={label}>
      <StatCard label="Scheduled" value={counts.scheduled} hint="Visits on the schedule" />
      <StatCard label="In progress" value={counts.inProgress} />
      <StatCard label="Completed" value={counts.completed} />
      <StatCard label="Missed" value={counts.missed} />
      <StatCard label="Open shifts" value={counts.openShifts} hint="No caregiver yet" />
    </SimpleGrid>
  );
}

/** The EVV totals of a period as cards. */
export function EvvTotals({ totals }: { totals: EvvCounts }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
      <StatCard label="Completed visits" value={totals.visits} />
      <StatCard label="Compliant" value={totals.compliant} />
      <StatCard label="Compliance rate" value={percentText(totals.rate)} />
      <StatCard label="Geofence exceptions" value={totals.geofenceExceptions} />
      <StatCard label="Manual edits" value={totals.manualEdits} />
      <StatCard label="Late check-ins" value={totals.lateCheckIns} />
    </SimpleGrid>
  );
}
