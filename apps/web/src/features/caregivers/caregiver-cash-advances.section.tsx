import { Badge, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  ZCaregiverCashAdvanceFields,
  ZUpdateCaregiverCashAdvanceInput,
  type CaregiverCashAdvanceOutput,
} from '@hearth/shared/caregivers/caregivers.schema';
import { useTRPC } from '@/api/trpc';
import { useOwnedRecords } from '@/components/records/owned-records';
import { blankToNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { useRecordSave, type RecordFormProps } from '@/components/records/record-save';
import { RecordTableSection, type RecordColumn } from '@/components/records/record-table';
import { formatDate } from '@/format/date-format';
import { todayIso } from '@/format/local-date';
import { centsToDollars, dollarsToCents, formatMoney } from '@/format/money';

/** The form holds the amount in dollars; the wire takes cents. */
interface AdvanceFormValues {
  amount: number | string;
  advancedOn: string;
  reason: string;
  deductedOn: string;
}

/** What the form sends: the amount in cents, the date and reason, and on an edit its id and the deduction date. */
function advancePayload(v: AdvanceFormValues, a: CaregiverCashAdvanceOutput | null) {
  const fields = {
    amountCents: dollarsToCents(v.amount) ?? Number.NaN,
    advancedOn: v.advancedOn,
    reason: blankToNull(v.reason),
  };
  return a ? { id: a.id, ...fields, deductedOn: blankToNull(v.deductedOn) } : fields;
}

type AdvancePayload = ReturnType<typeof advancePayload>;

function AdvanceForm(props: RecordFormProps<CaregiverCashAdvanceOutput, AdvancePayload>) {
  const a = props.row;
  const { t } = useTranslation('records');
  const { record, frame } = useRecordSave<CaregiverCashAdvanceOutput, AdvanceFormValues, AdvancePayload>(props, 'cashAdvances', {
    initialValues: {
      amount: a ? centsToDollars(a.amountCents) : '',
      advancedOn: a?.advancedOn ?? todayIso(),
      reason: a?.reason ?? '',
      deductedOn: a?.deductedOn ?? '',
    },
    toPayload: (v) => advancePayload(v, a),
    // An edit is checked whole (its id with the fields); the owner of a new one is added on save.
    schema: a ? ZUpdateCaregiverCashAdvanceInput : ZCaregiverCashAdvanceFields,
    rules: (v): Record<string, string> => (v.amount === '' ? { amount: t('cashAdvances.amountRequired') } : {}),
    fieldOf: (path) => (path === 'amountCents' ? 'amount' : path),
  });
  return (
    <RecordFormFrame {...frame}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label={t('cashAdvances.amount')}
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
        <TextInput label={t('cashAdvances.advancedOn')} type="date" required {...record.inputProps('advancedOn')} />
      </SimpleGrid>
      <TextInput label={t('cashAdvances.reason')} {...record.inputProps('reason')} />
      {a && (
        <TextInput
          label={t('cashAdvances.deductedOn')}
          description={t('cashAdvances.deductedDescription')}
          type="date"
          {...record.inputProps('deductedOn')}
        />
      )}
    </RecordFormFrame>
  );
}

/** The advances table's columns, headed in the shown language. */
const advanceColumns = (t: TFunction<'records'>): RecordColumn<CaregiverCashAdvanceOutput>[] => [
  { label: t('cashAdvances.advanced'), cell: (a) => formatDate(a.advancedOn), nowrap: true },
  { label: t('cashAdvances.amount'), cell: (a) => formatMoney(a.amountCents), align: 'right' },
  {
    label: t('cashAdvances.reason'),
    cell: (a) => (
      <>
        {a.reason ?? '—'}
        {a.createdByName && (
          <Text size="xs" c="dimmed">
            {t('cashAdvances.by', { name: a.createdByName })}
          </Text>
        )}
      </>
    ),
  },
  {
    label: t('cashAdvances.deducted'),
    cell: (a) =>
      a.deductedOn ? (
        formatDate(a.deductedOn)
      ) : (
        <Badge size="xs" color="yellow" variant="light">
          {t('cashAdvances.outstanding')}
        </Badge>
      ),
  },
];

/** Money advanced to the caregiver and taken back from a later payroll, in dollars (cents on the wire). */
export function CaregiverCashAdvancesSection({ caregiverId, canEdit }: { caregiverId: number; canEdit: boolean }) {
  const trpc = useTRPC();
  const { t } = useTranslation('records');
  const { list, api } = useOwnedRecords<{ caregiverId: number }, CaregiverCashAdvanceOutput, AdvancePayload>(
    { caregiverId },
    {
      list: trpc.getCaregiverCashAdvances,
      create: trpc.createCaregiverCashAdvance,
      update: trpc.updateCaregiverCashAdvance,
      remove: trpc.deleteCaregiverCashAdvance,
    },
    canEdit,
  );
  const rows = list.data && [...list.data].sort((x, y) => y.advancedOn.localeCompare(x.advancedOn) || y.id - x.id);
  const outstanding = (rows ?? []).filter((r) => r.deductedOn === null).reduce((sum, r) => sum + r.amountCents, 0);
  return (
    <RecordTableSection
      title={t('cashAdvances.title')}
      loadingLabel={t('cashAdvances.loading')}
      noun={t('cashAdvances.noun')}
      addLabel={t('cashAdvances.add')}
      emptyText={t('cashAdvances.empty')}
      rows={rows}
      loading={list.isPending}
      error={list.error}
      canAdd={canEdit}
      // A deducted advance is settled: it can no longer change or go.
      canEdit={(a) => canEdit && a.deductedOn === null}
      what={(a) => t('cashAdvances.what', { amount: formatMoney(a.amountCents) })}
      remove={api.remove}
      above={
        rows &&
        rows.length > 0 && (
          <Text size="sm">
            {t('cashAdvances.outstandingTotal')} <b>{formatMoney(outstanding)}</b>
          </Text>
        )
      }
      table={{ minWidth: 520, columns: advanceColumns(t), actionsWidth: 60 }}
      form={(p) => <AdvanceForm {...p} api={api} />}
    />
  );
}
