import { useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  ZCreatePayPeriodLockTimeInput,
  ZUpdatePayPeriodLockTimeInput,
  type PayPeriodLockTimeOutput,
} from '@hearth/shared/pay-periods/pay-periods.schema';
import type { BranchOutput } from '@hearth/shared/branches/branches.schema';
import { useTRPC } from '@/api/trpc';
import { i18n } from '@/i18n/i18n.setup';
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

/** What the lock time form is given: the lock to edit (null to add one), the branches to choose from, the callbacks. */
export interface PayPeriodLockTimeFormProps {
  lock: PayPeriodLockTimeOutput | null;
  branches: BranchChoice[];
  /** Every lock time listed, to propose the period after a branch's newest. */
  all: PayPeriodLockTimeOutput[];
  onDone: () => void;
  onSaved: () => void;
}

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
 * The lock time form's state and saving: the record form (values, rules, the server's check), the inputs whose
 * changes move other fields (a picked branch proposes the period after its newest, the period's end moves the lock
 * until the lock is edited by hand), the branch's time zone (`zone`, undefined until a branch is chosen), `submit`
 * (createPayPeriodLockTime or updatePayPeriodLockTime, then a notice, `onSaved` and `onDone`) and `pending`.
 */
export function usePayPeriodLockTimeForm(props: PayPeriodLockTimeFormProps) {
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
      const t = (key: 'chooseBranch' | `${'periodStart' | 'periodEnd' | 'lockDate' | 'lockTime'}Required`) =>
        i18n.t(`payPeriods.${key}`, { ns: 'schedule' });
      if (!v.branchId) errors.branchId = t('chooseBranch');
      if (!v.periodStart) errors.periodStart = t('periodStartRequired');
      if (!v.periodEnd) errors.periodEnd = t('periodEndRequired');
      if (!v.lockDate) errors.lockDate = t('lockDateRequired');
      if (!/^\d{2}:\d{2}$/.test(v.lockTime)) errors.lockTime = t('lockTimeRequired');
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
    const message = i18n.t(lock ? 'payPeriods.saved' : 'payPeriods.added', { ns: 'schedule', branch: saved.branchName });
    notifications.show({ color: 'teal', message });
    onSaved();
    onDone();
  };
  const submit = (values: LockTimeFormValues) => {
    const input = toPayload(values);
    if ('id' in input) update.mutate(input, { onSuccess: done, onError: record.onSaveError });
    else create.mutate(input, { onSuccess: done, onError: record.onSaveError });
  };
  return {
    record,
    submit,
    pending: create.isPending || update.isPending,
    zone: zoneOf(form.values.branchId),
    branchProps,
    setBranch,
    setPeriodEnd,
    lockInputs,
  };
}
