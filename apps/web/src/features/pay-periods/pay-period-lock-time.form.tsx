import { Select, SimpleGrid, Text } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { usePayPeriodLockTimeForm, type PayPeriodLockTimeFormProps } from './pay-period-lock-time.state';

/**
 * Add or edit a pay period lock time (issue "Scheduling" item 5): the branch (fixed once created), the period's
 * first and last day, and when it locks, entered in the branch's time zone and sent as UTC. Until the lock is
 * edited by hand it follows the period: 3 days after its end at 12:00. Checked by the shared schema as the server
 * checks it; the server's refusals (an overlapping period) come back beside the fields.
 */
export function PayPeriodLockTimeForm(props: PayPeriodLockTimeFormProps) {
  const { lock, branches, onDone } = props;
  const { t } = useTranslation('schedule');
  const { record, submit, pending, zone, branchProps, setBranch, setPeriodEnd, lockInputs } = usePayPeriodLockTimeForm(props);
  const { form } = record;
  const endProps = record.inputProps('periodEnd');
  return (
    <RecordFormFrame record={record} onSubmit={submit} onCancel={onDone} pending={pending}>
      <Select
        label={t('payPeriods.branch')}
        required
        disabled={lock !== null}
        description={lock ? t('payPeriods.branchFixed') : undefined}
        data={branches.map((b) => ({ value: String(b.id), label: b.name }))}
        allowDeselect={false}
        data-autofocus
        {...branchProps}
        onChange={setBranch}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DatePickerInput
          label={t('payPeriods.periodStart')}
          required
          valueFormat="MM/DD/YY"
          placeholder={t('payPeriods.firstDay')}
          previousLabel={t('payPeriods.previousMonth')}
          nextLabel={t('payPeriods.nextMonth')}
          {...record.inputProps('periodStart')}
        />
        <DatePickerInput
          label={t('payPeriods.periodEnd')}
          required
          valueFormat="MM/DD/YY"
          placeholder={t('payPeriods.lastDay')}
          previousLabel={t('payPeriods.previousMonth')}
          nextLabel={t('payPeriods.nextMonth')}
          minDate={form.values.periodStart ?? undefined}
          {...endProps}
          onChange={setPeriodEnd}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DatePickerInput
          label={t('payPeriods.locksOn')}
          required
          valueFormat="MM/DD/YY"
          placeholder={t('payPeriods.lockDate')}
          previousLabel={t('payPeriods.previousMonth')}
          nextLabel={t('payPeriods.nextMonth')}
          {...lockInputs('lockDate')}
        />
        <TimeInput label={t('payPeriods.locksAt')} required {...lockInputs('lockTime')} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {zone ? t('payPeriods.zoneNote', { zone }) : t('payPeriods.chooseBranchNote')}
      </Text>
    </RecordFormFrame>
  );
}
