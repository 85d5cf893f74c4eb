import { useState } from 'react';
import { Badge, Group, NumberInput, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZCreateCaregiverCashAdvanceInput,
  ZUpdateCaregiverCashAdvanceInput,
  type CaregiverCashAdvanceOutput,
} from '@hearth/shared/caregivers/caregivers.schema';
import { useTRPC } from '@/api/trpc';
import { DeleteButton } from '@/components/records/delete-button';
import { EditButton } from '@/components/records/edit-button';
import { blankToNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { SectionCard } from '@/components/records/section-card';
import { formatDate } from '@/format/date-format';
import { todayIso } from '@/format/local-date';
import { centsToDollars, dollarsToCents, formatMoney } from '@/format/money';
import { useRecordForm } from '@/forms/use-record-form';
import { AddButton, RecordModal } from '@/components/records/record-modal';

/** The form holds the amount in dollars; the wire takes cents. */
interface AdvanceFormValues {
  amount: number | string;
  advancedOn: string;
  reason: string;
  deductedOn: string;
}

function AdvanceForm(props: {
  caregiverId: number;
  advance: CaregiverCashAdvanceOutput | null;
  onDone: () => void;
  onSaved: () => void;
}) {
  const { caregiverId, advance: a, onDone, onSaved } = props;
  const trpc = useTRPC();
  const create = useMutation(trpc.createCaregiverCashAdvance.mutationOptions());
  const update = useMutation(trpc.updateCaregiverCashAdvance.mutationOptions());
  const toInput = (v: AdvanceFormValues) => {
    const fields = {
      amountCents: dollarsToCents(v.amount) ?? Number.NaN,
      advancedOn: v.advancedOn,
      reason: blankToNull(v.reason),
    };
    return a ? { id: a.id, ...fields, deductedOn: blankToNull(v.deductedOn) } : { caregiverId, ...fields };
  };
  const record = useRecordForm<AdvanceFormValues, ReturnType<typeof toInput>>({
    initialValues: {
      amount: a ? centsToDollars(a.amountCents) : '',
      advancedOn: a?.advancedOn ?? todayIso(),
      reason: a?.reason ?? '',
      deductedOn: a?.deductedOn ?? '',
    },
    toPayload: toInput,
    schema: a ? ZUpdateCaregiverCashAdvanceInput : ZCreateCaregiverCashAdvanceInput,
    rules: (v): Record<string, string> => (v.amount === '' ? { amount: 'Amount is required' } : {}),
    fieldOf: (path) => (path === 'amountCents' ? 'amount' : path),
    check: (input) => ({ action: a ? 'updateCaregiverCashAdvance' : 'createCaregiverCashAdvance', input }),
  });
  const done = () => {
    notifications.show({ color: 'teal', message: a ? 'Cash advance saved' : 'Cash advance added' });
    onSaved();
    onDone();
  };
  const submit = (values: AdvanceFormValues) => {
    const input = toInput(values);
    if ('id' in input) update.mutate(input, { onSuccess: done, onError: record.onSaveError });
    else create.mutate(input, { onSuccess: done, onError: record.onSaveError });
  };
  return (
    <RecordFormFrame record={record} onSubmit={submit} onCancel={onDone} pending={create.isPending || update.isPending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label="Amount"
          required
          prefix="$"
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          min={0}
          hideControls
          data-autofocus
          {...record.inputProps('amount')}
        />
        <TextInput label="Advanced on" type="date" required {...record.inputProps('advancedOn')} />
      </SimpleGrid>
      <TextInput label="Reason" {...record.inputProps('reason')} />
      {a && (
        <TextInput
          label="Deducted on"
          description="The payroll date it was taken back on; a deducted advance cannot change any more"
          type="date"
          {...record.inputProps('deductedOn')}
        />
      )}
    </RecordFormFrame>
  );
}

/** Money advanced to the caregiver and taken back from a later payroll, in dollars (cents on the wire). */
export function CaregiverCashAdvancesSection({ caregiverId, canEdit }: { caregiverId: number; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const advances = useQuery(trpc.getCaregiverCashAdvances.queryOptions({ caregiverId }));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.getCaregiverCashAdvances.queryKey({ caregiverId }) });
  const remove = useMutation(trpc.deleteCaregiverCashAdvance.mutationOptions({ onSuccess: refresh }));
  const [editing, setEditing] = useState<CaregiverCashAdvanceOutput | 'new' | null>(null);
  const close = () => setEditing(null);
  const rows = [...(advances.data ?? [])].sort((x, y) => y.advancedOn.localeCompare(x.advancedOn) || y.id - x.id);
  const outstanding = rows.filter((r) => r.deductedOn === null).reduce((sum, r) => sum + r.amountCents, 0);
  return (
    <SectionCard
      title="Cash advances"
      loading={advances.isPending}
      error={advances.error}
      empty={advances.data?.length === 0 && 'No cash advances.'}
      actions={canEdit && <AddButton label="Add advance" onClick={() => setEditing('new')} />}
    >
      {rows.length > 0 && (
        <>
          <Text size="sm">
            Outstanding: <b>{formatMoney(outstanding)}</b>
          </Text>
          <Table.ScrollContainer minWidth={520} type="native">
            <Table fz="sm" verticalSpacing={6} aria-label="Cash advances">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Advanced</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Deducted</Table.Th>
                  <Table.Th w={60} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(a.advancedOn)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(a.amountCents)}</Table.Td>
                    <Table.Td>
                      {a.reason ?? '—'}
                      {a.createdByName && (
                        <Text size="xs" c="dimmed">
                          by {a.createdByName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {a.deductedOn ? (
                        formatDate(a.deductedOn)
                      ) : (
                        <Badge size="xs" color="yellow" variant="light">
                          Outstanding
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {canEdit && a.deductedOn === null && (
                        <Group gap={2} wrap="nowrap" justify="flex-end">
                          <EditButton what={`advance of ${formatMoney(a.amountCents)}`} onClick={() => setEditing(a)} />
                          <DeleteButton
                            what={`advance of ${formatMoney(a.amountCents)}`}
                            onConfirm={() => remove.mutateAsync({ id: a.id })}
                          />
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <RecordModal editing={editing} onClose={close} noun="cash advance">
        {(row) => <AdvanceForm caregiverId={caregiverId} advance={row} onDone={close} onSaved={refresh} />}
      </RecordModal>
    </SectionCard>
  );
}
