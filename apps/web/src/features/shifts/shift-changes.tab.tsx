import { Alert, Badge, Group, Loader, Table, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconLockOpen, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ShiftChangeOutput } from '@hearth/shared/shifts/shifts.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { fieldLabel, formatChangeValue } from './shift-display';
import { formatZoned } from './shift-time';

/** A change as getShiftChanges returns it (from and to may be absent for a created or deleted record). */
type ShiftChange = Omit<ShiftChangeOutput, 'changes'> & {
  changes: { field: string; from?: unknown; to?: unknown; fromLabel?: string | null; toLabel?: string | null }[];
};

function OperationIcon({ operation }: { operation: ShiftChangeOutput['operation'] }) {
  if (operation === 'INSERT') return <IconPlus size={12} />;
  if (operation === 'DELETE') return <IconTrash size={12} />;
  return <IconPencil size={12} />;
}

/** One change: who, when, what, each field from -> to, and whether it overrode a pay period lock. */
function ChangeItem({ change, timezone }: { change: ShiftChange; timezone: string }) {
  const { t } = useTranslation('schedule');
  const what = t(`changes.heading.${change.record === 'shift' ? 'shift' : 'timesheet'}.${change.operation}`);
  return (
    <>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600}>
          {what}
        </Text>
        {change.lockOverride && (
          <Badge size="xs" color="red" variant="light" leftSection={<IconLockOpen size={10} />}>
            {change.lockOverrideAction === 'offline_timesheet' ? t('changes.offlineAfterLock') : t('changes.lockOverride')}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {change.userName ?? t('changes.system')} · {formatZoned(change.at, timezone)}
      </Text>
      {change.changes.length > 0 && (
        <Table.ScrollContainer minWidth={360} type="native" mt={4}>
          <Table
            fz="xs"
            verticalSpacing={2}
            horizontalSpacing={6}
            withRowBorders={false}
            aria-label={t('changes.fieldsLabel', { what })}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('changes.field')}</Table.Th>
                <Table.Th>{t('changes.from')}</Table.Th>
                <Table.Th>{t('changes.to')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {change.changes.map((c) => (
                <Table.Tr key={c.field}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{fieldLabel(c.field)}</Table.Td>
                  <Table.Td c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {c.fromLabel ?? formatChangeValue(c.from, timezone, c.field)}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {c.toLabel ?? formatChangeValue(c.to, timezone, c.field)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

/** The shift's history from the audit trail (getShiftChanges {scheduleId}), newest first. */
export function ShiftChangesTab({ scheduleId, timezone }: { scheduleId: number; timezone: string }) {
  const trpc = useTRPC();
  const { t } = useTranslation('schedule');
  const changes = useQuery(trpc.getShiftChanges.queryOptions({ scheduleId }));
  if (changes.isPending) return <Loader size="xs" aria-label={t('changes.loading')} />;
  if (changes.isError) return <Alert color="red">{errorMessageOf(changes.error)}</Alert>;
  if (changes.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('changes.none')}
      </Text>
    );
  }
  const list = [...changes.data].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  return (
    <Timeline bulletSize={20} lineWidth={2}>
      {list.map((change) => (
        <Timeline.Item
          key={`${change.record}-${change.id}`}
          bullet={<OperationIcon operation={change.operation} />}
          color={change.lockOverride ? 'red' : undefined}
        >
          <ChangeItem change={change} timezone={timezone} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
