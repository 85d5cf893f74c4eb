import { useRef } from 'react';
import { Select, SimpleGrid, Text } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  ZCreatePayPeriodLockTimeInput,
  ZUpdatePayPeriodLockTimeInput,
  type PayPeriodLockTimeOutput,
} from '@hearth/shared/pay-periods/pay-periods.schema';
import type { BranchOutput } from '@hearth/shared/branches/branches.schema';
import { useTRPC } from '@/api/trpc';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { useRecordForm } from '@/forms/use-record-form';
import { defaultLock, lockInstant, lockParts, nextPeriod } from './pay-period-lock-time.values';

/** The form's values: calendar dates YYYY-MM-DD, and the lock as a date and HH:mm in the branch's time zone. */
interface LockTimeFormValues {
  branchId: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  lockDate: string | null;
  lockTime: string;
}

/** The branch a lock time belongs to, as the form needs it: its id, name and time zone. */
type BranchChoice = Pick<BranchOutput, 'id' | 'name' | 'timezone'>;

function initialValues(lock: PayPeriodLockTimeOutput | null, branches: BranchChoice[], all: PayPeriodLockTimeOutput[]) {
  if (lock) {
    return {
      branchId: String(lock.branchId),
      periodStart: lock.periodStart,
      periodEnd: lock.periodEnd,
      ...lockParts(lock.locksAt, lock.timezone),
    };
  }
  const only = branches.length === 1 ? branches[0] : undefined;
  const period = nextPeriod(only && all.find((l) => l.branchId === only.id));
  return {
    branchId: only ? String(only.id) : null,
    ...period,
    ...(period.periodEnd ? defaultLock(period.periodEnd) : { lockDate: null, lockTime: '' }),
  };
}

/**
 * Add or edit a pay period lock time (issue "Scheduling" item 5): the branch (fixed once created), the period's
 * first and last day, and when it locks, entered in the branch's time zone and sent as UTC. Until the lock is
 * edited by hand it follows the period: 3 days after its end at 12:00. Checked by the shared schema as the server
 * checks it; the server's refusals (an overlapping period) come back beside the fields.
 */
export function PayPeriodLockTimeForm(props: {
  lock: PayPeriodLockTimeOutput | null;
  branches: BranchChoice[];
  /** Every lock time listed, to propose the period after a branch's newest. */
  all: PayPeriodLockTimeOutput[];
  onDone: () => void;
  onSaved: () => void;
}) {
  const { lock, branches, all, onDone, onSaved } = props;
  const trpc = useTRPC();
  const create = useMutation(trpc.createPayPeriodLockTime.mutationOptions());
  const update = useMutation(trpc.updatePayPeriodLockTime.mutationOptions());
  const zoneOf = (branchId: string | null) => branches.find((b) => String(b.id) === branchId)?.timezone ?? lock?.timezone;
  const toPayload = (v: LockTimeFormValues) => {
    const zone = zoneOf(v.branchId);
    const fields = {
      periodStart: v.periodStart ?? '',
      periodEnd: v.periodEnd ?? '',
      locksAt: (zone && lockInstant(v.lockDate, v.lockTime, zone)) || '',
    };
    return lock ? { id: lock.id, ...fields } : { branchId: v.branchId ? Number(v.branchId) : Number.NaN, ...fields };
  };
  const record = useRecordForm<LockTimeFormValues, ReturnType<typeof toPayload>>({
    initialValues: initialValues(lock, branches, all),
    toPayload,
    schema: lock ? ZUpdatePayPeriodLockTimeInput : ZCreatePayPeriodLockTimeInput,
    rules: (v) => {
      const errors: Record<string, string> = {};
      if (!v.branchId) errors.branchId = 'Choose a branch';
      if (!v.periodStart) errors.periodStart = 'Period start is required';
      if (!v.periodEnd) errors.periodEnd = 'Period end is required';
      if (!v.lockDate) errors.lockDate = 'Lock date is required';
      if (!/^\d{2}:\d{2}$/.test(v.lockTime)) errors.lockTime = 'Lock time is required';
      return errors;
    },
    fieldOf: (path) => (path === 'locksAt' ? 'lockDate' : path),
    // Only a complete lock time is worth the server's check: until then the form's own rules say what is missing,
    // and a half-filled one would flash the server's wording for fields not reached yet.
    check: (input) =>
      input.periodStart && input.periodEnd && input.locksAt && !('branchId' in input && Number.isNaN(input.branchId))
        ? { action: lock ? 'updatePayPeriodLockTime' : 'createPayPeriodLockTime', input }
        : null,
  });
  const { form } = record;
  // The lock follows the period's end until the user sets it themselves.
  const lockEdited = useRef(lock !== null);
  const setPeriodEnd = (value: string | null) => {
    form.setFieldValue('periodEnd', value);
    if (value && !lockEdited.current) form.setValues(defaultLock(value));
  };
  const lockInputs = (field: 'lockDate' | 'lockTime') => {
    const props = record.inputProps(field);
    return {
      ...props,
      onChange: (value: unknown) => {
        lockEdited.current = true;
        props.onChange(value);
      },
    };
  };

  // Picking a branch proposes the period after its newest one, unless dates were already chosen.
  const branchProps = record.inputProps('branchId');
  const setBranch = (value: string | null) => {
    branchProps.onChange(value);
    if (form.values.periodStart || form.values.periodEnd) return;
    const period = nextPeriod(all.find((l) => String(l.branchId) === value));
    if (period.periodStart) form.setValues(period);
    if (period.periodEnd && !lockEdited.current) form.setValues(defaultLock(period.periodEnd));
  };

  const done = (saved: PayPeriodLockTimeOutput) => {
    notifications.show({ color: 'teal', message: `Lock time ${lock ? 'saved' : 'added'} for ${saved.branchName}` });
    onSaved();
    onDone();
  };
  const submit = (values: LockTimeFormValues) => {
    const input = toPayload(values);
    if ('id' in input) update.mutate(input, { onSuccess: done, onError: record.onSaveError });
    else create.mutate(input, { onSuccess: done, onError: record.onSaveError });
  };
  const zone = zoneOf(form.values.branchId);
  const endProps = record.inputProps('periodEnd');
  return (
    <RecordFormFrame record={record} onSubmit={submit} onCancel={onDone} pending={create.isPending || update.isPending}>
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
