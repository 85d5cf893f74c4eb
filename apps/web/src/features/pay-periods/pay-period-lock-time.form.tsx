import { Select, SimpleGrid, Text } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
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
  const { record, submit, pending, zone, branchProps, setBranch, setPeriodEnd, lockInputs } = usePayPeriodLockTimeForm(props);
  const { form } = record;
  const endProps = record.inputProps('periodEnd');
  return (
    <RecordFormFrame record={record} onSubmit={submit} onCancel={onDone} pending={pending}>
      <Select
        label="Branch"
        required
        disabled={lock !== null}
        description={lock ? 'A lock time stays with its branch' : undefined}
        data={branches.map((b) => ({ value: String(b.id), label: b.name }))}
        allowDeselect={false}
        data-autofocus
        {...branchProps}
        onChange={setBranch}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DatePickerInput
          label="Period start"
          required
          valueFormat="MM/DD/YY"
          placeholder="First day"
          previousLabel="Previous month"
          nextLabel="Next month"
          {...record.inputProps('periodStart')}
        />
        <DatePickerInput
          label="Period end"
          required
          valueFormat="MM/DD/YY"
          placeholder="Last day"
          previousLabel="Previous month"
          nextLabel="Next month"
          minDate={form.values.periodStart ?? undefined}
          {...endProps}
          onChange={setPeriodEnd}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DatePickerInput
          label="Locks on"
          required
          valueFormat="MM/DD/YY"
          placeholder="Lock date"
          previousLabel="Previous month"
          nextLabel="Next month"
          {...lockInputs('lockDate')}
        />
        <TimeInput label="Locks at" required {...lockInputs('lockTime')} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {zone
          ? `The lock date and time are in the branch's time zone (${zone}). After it, shifts starting in the period can only be changed by roles with the pay period lock override.`
          : 'Choose a branch: the lock date and time are in its time zone.'}
      </Text>
    </RecordFormFrame>
  );
}
