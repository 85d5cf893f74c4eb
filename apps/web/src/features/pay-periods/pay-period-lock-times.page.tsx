import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconLock, IconLockOpen, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PayPeriodLockTimeOutput } from '@hearth/shared/pay-periods/pay-periods.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import { DeleteButton } from '@/components/records/delete-button';
import { EditButton } from '@/components/records/edit-button';
import { RecordModal } from '@/components/records/record-modal';
import { formatDate } from '@/format/date-format';
import { PayPeriodLockTimeForm } from './pay-period-lock-time.form';
import { formatInZone } from './pay-period-lock-time.values';

/** "11/01/26 – 11/15/26". */
const periodText = (l: PayPeriodLockTimeOutput) => `${formatDate(l.periodStart)} – ${formatDate(l.periodEnd)}`;

function LockBadge({ locked }: { locked: boolean }) {
  const { t } = useTranslation('schedule');
  return locked ? (
    <Badge color="red" variant="light" leftSection={<IconLock size={12} />}>
      {t('payPeriods.locked')}
    </Badge>
  ) : (
    <Badge color="teal" variant="light" leftSection={<IconLockOpen size={12} />}>
      {t('payPeriods.open')}
    </Badge>
  );
}

/** One branch's lock times, newest period first, with edit and delete where the role allows. */
function BranchLockTable(props: {
  branchName: string;
  rows: PayPeriodLockTimeOutput[];
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (row: PayPeriodLockTimeOutput) => void;
  onDelete: (row: PayPeriodLockTimeOutput) => Promise<unknown>;
}) {
  const { branchName, rows, canEdit, canDelete, onEdit, onDelete } = props;
  const { t } = useTranslation('schedule');
  const timezone = rows[0]?.timezone;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('payPeriods.branchLockTimes', { branch: branchName })}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>{branchName}</Title>
          {timezone && (
            <Text size="xs" c="dimmed">
              {t('payPeriods.timesIn', { zone: timezone })}
            </Text>
          )}
        </Group>
        <Table.ScrollContainer minWidth={560} type="native">
          <Table fz="sm" verticalSpacing={6} aria-label={t('payPeriods.tableLabel', { branch: branchName })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payPeriods.branch')}</Table.Th>
                <Table.Th>{t('payPeriods.payPeriod')}</Table.Th>
                <Table.Th>{t('payPeriods.locksAt')}</Table.Th>
                <Table.Th>{t('payPeriods.status')}</Table.Th>
                <Table.Th w={70} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => {
                const at = formatInZone(l.locksAt, l.timezone);
                return (
                  <Table.Tr key={l.id}>
                    <Table.Td>{l.branchName}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{periodText(l)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {at.text}{' '}
                      <Text span size="xs" c="dimmed">
                        {at.zoneName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <LockBadge locked={l.locked} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        {canEdit && (
                          <EditButton what={t('payPeriods.rowNoun', { period: periodText(l) })} onClick={() => onEdit(l)} />
                        )}
                        {canDelete && (
                          <DeleteButton what={t('payPeriods.rowNoun', { period: periodText(l) })} onConfirm={() => onDelete(l)} />
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/**
 * /admin/pay-period-lock-times (issue "Scheduling" item 5): per branch and pay period, the time after which the
 * period's shifts are locked; shown and entered in the branch's time zone. A table per branch in scope, newest
 * period first; add and edit in a modal, delete after a confirmation.
 */
export function PayPeriodLockTimesPage() {
  const trpc = useTRPC();
  const { t } = useTranslation('schedule');
  const queryClient = useQueryClient();
  const { can } = useAllowedActions();
  const locks = useQuery(trpc.getPayPeriodLockTimes.queryOptions());
  const branches = useQuery({ ...trpc.getBranches.queryOptions(), staleTime: 5 * 60_000 });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.getPayPeriodLockTimes.queryKey() });
  const remove = useMutation(trpc.deletePayPeriodLockTime.mutationOptions({ onSuccess: refresh }));
  const [editing, setEditing] = useState<PayPeriodLockTimeOutput | 'new' | null>(null);

  const rows = locks.data ?? [];
  const byBranch = new Map<string, PayPeriodLockTimeOutput[]>();
  for (const l of [...rows].sort((a, b) => a.branchName.localeCompare(b.branchName))) {
    byBranch.set(l.branchName, [...(byBranch.get(l.branchName) ?? []), l]);
  }

  let content;
  if (locks.error) {
    content = (
      <Alert color="red" role="alert" variant="light">
        {errorMessageOf(locks.error)}
      </Alert>
    );
  } else if (locks.isPending) {
    content = <Loader size="sm" aria-label={t('payPeriods.loading')} />;
  } else if (rows.length === 0) {
    content = (
      <Text c="dimmed" size="sm">
        {t('payPeriods.empty')}
      </Text>
    );
  } else {
    content = [...byBranch].map(([branchName, branchRows]) => (
      <BranchLockTable
        key={branchName}
        branchName={branchName}
        rows={branchRows}
        canEdit={can('updatePayPeriodLockTime')}
        canDelete={can('deletePayPeriodLockTime')}
        onEdit={setEditing}
        onDelete={(l) => remove.mutateAsync({ id: l.id })}
      />
    ));
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('payPeriods.title')}</Title>
        {can('createPayPeriodLockTime') && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
            {t('payPeriods.add')}
          </Button>
        )}
      </Group>
      {content}
      <RecordModal editing={editing} onClose={() => setEditing(null)} noun={t('payPeriods.noun')} size="lg">
        {(row) =>
          branches.isPending ? (
            <Loader size="sm" />
          ) : (
            <PayPeriodLockTimeForm
              lock={row}
              branches={branches.data ?? []}
              all={rows}
              onDone={() => setEditing(null)}
              onSaved={refresh}
            />
          )
        }
      </RecordModal>
    </Stack>
  );
}
