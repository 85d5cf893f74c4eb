import {
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  ZCreateShiftPatternInput,
  ZUpdateShiftPatternInput,
  type CreateShiftPatternInput,
  type ShiftPatternOutput,
  type ShiftPatternSaveOutput,
  type UpdateShiftPatternInput,
} from '@hearth/shared/shifts/shift-patterns.schema';
import { useTRPC } from '@/api/trpc';
import { blankToNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { useRecordForm } from '@/forms/use-record-form';
import { PartySelect } from './party-select';
import { ServiceFields, servicePayload, type ServiceValues } from './service-fields';
import { useShiftRefresh } from './shift-queries';
import { parseWeeklyRule, WEEKDAYS, weeklyRule } from './shift-rrule';
import { addMinutesToTime, formatDuration, minutesBetweenTimes, zoneLabel } from './shift-time';

/** What the pattern modal edits: a new pattern of a client, or an existing one from a date on. */
export type PatternFormTarget =
  { kind: 'new'; clientId: number; startDate: string } | { kind: 'edit'; pattern: ShiftPatternOutput; effectiveFrom: string };

interface PatternFormValues extends ServiceValues {
  caregiverId: string | null;
  open: boolean;
  ruleMode: 'weekly' | 'custom';
  days: string[];
  interval: number | string;
  rrule: string;
  startDate: string;
  effectiveFrom: string;
  endDate: string;
  startTime: string;
  endTime: string;
  notes: string;
}

type PatternPayload = CreateShiftPatternInput | UpdateShiftPatternInput;

/** Tells what a pattern save did: shifts generated, and occurrences left open because the caregiver was busy. */
function announce(result: ShiftPatternSaveOutput, edited: boolean) {
  const count = `${result.generated} shift${result.generated === 1 ? '' : 's'} generated`;
  notifications.show({ color: 'teal', message: `${edited ? 'Pattern changed' : 'Pattern created'}: ${count}` });
  const conflicts = result.openedForConflict;
  if (conflicts.length > 0) {
    notifications.show({
      color: 'yellow',
      autoClose: 10_000,
      title: `${conflicts.length} visit${conflicts.length === 1 ? '' : 's'} left open: the caregiver was busy`,
      message: conflicts
        .slice(0, 3)
        .map((c) => c.message)
        .join(' '),
    });
  }
}

function PatternForm({ target, timezone, onDone }: { target: PatternFormTarget; timezone: string; onDone: () => void }) {
  const trpc = useTRPC();
  const refresh = useShiftRefresh();
  const create = useMutation(trpc.createShiftPattern.mutationOptions());
  const update = useMutation(trpc.updateShiftPattern.mutationOptions());
  const pattern = target.kind === 'edit' ? target.pattern : null;
  const clientId = pattern?.clientId ?? (target.kind === 'new' ? target.clientId : 0);
  const weekly = pattern ? parseWeeklyRule(pattern.rrule) : null;

  const toPayload = (v: PatternFormValues): PatternPayload => {
    const rrule = v.ruleMode === 'weekly' ? weeklyRule(v.days, Number(v.interval) || 1) : v.rrule.trim();
    const fields = {
      caregiverId: v.open || v.caregiverId === null ? null : Number(v.caregiverId),
      ...servicePayload(v),
      rrule,
      endDate: blankToNull(v.endDate),
      startTime: v.startTime,
      durationMinutes: minutesBetweenTimes(v.startTime, v.endTime) ?? Number.NaN,
      notes: blankToNull(v.notes),
    };
    if (pattern) return { id: pattern.id, effectiveFrom: v.effectiveFrom, ...fields };
    return { clientId, startDate: v.startDate, ...fields };
  };
  const record = useRecordForm<PatternFormValues, PatternPayload>({
    initialValues: {
      caregiverId: pattern?.caregiverId ? String(pattern.caregiverId) : null,
      open: pattern ? pattern.caregiverId === null : false,
      ruleMode: pattern && !weekly ? 'custom' : 'weekly',
      days: weekly?.days ?? [],
      interval: weekly?.interval ?? 1,
      rrule: pattern?.rrule ?? 'FREQ=WEEKLY;BYDAY=MO',
      startDate: target.kind === 'new' ? target.startDate : (pattern?.startDate ?? ''),
      effectiveFrom: target.kind === 'edit' ? target.effectiveFrom : '',
      endDate: pattern?.endDate ?? '',
      startTime: pattern?.startTime ?? '09:00',
      endTime: pattern ? addMinutesToTime(pattern.startTime, pattern.durationMinutes) : '13:00',
      payerSourceId: pattern?.payerSourceId ? String(pattern.payerSourceId) : null,
      serviceCode: pattern?.serviceCode ?? '',
      modifiers: pattern?.modifiers ?? [],
      notes: pattern?.notes ?? '',
    },
    toPayload,
    schema: pattern ? ZUpdateShiftPatternInput : ZCreateShiftPatternInput,
    fieldOf: (path) => (path === 'durationMinutes' ? 'endTime' : path),
    rules: (v) => {
      const errors: Record<string, string> = {};
      if (v.ruleMode === 'weekly' && v.days.length === 0) errors.days = 'Choose at least one day';
      if (!v.open && !v.caregiverId) errors.caregiverId = 'Choose a caregiver, or tick Open shifts';
      if (!v.startTime) errors.startTime = 'Start time is required';
      if (!v.endTime) errors.endTime = 'End time is required';
      return errors;
    },
    check: (payload) => ({ action: pattern ? 'updateShiftPattern' : 'createShiftPattern', input: payload }),
  });
  const { form } = record;
  const v = form.values;
  const duration = minutesBetweenTimes(v.startTime, v.endTime);

  const done = (result: ShiftPatternSaveOutput) => {
    announce(result, pattern !== null);
    void refresh.patterns(clientId);
    onDone();
  };
  const submit = (values: PatternFormValues) => {
    const payload = toPayload(values);
    if (pattern) update.mutate(payload as UpdateShiftPatternInput, { onSuccess: done, onError: record.onSaveError });
    else create.mutate(payload as CreateShiftPatternInput, { onSuccess: done, onError: record.onSaveError });
  };
  return (
    <RecordFormFrame
      record={record}
      onSubmit={submit}
      onCancel={onDone}
      pending={create.isPending || update.isPending}
      submitLabel={pattern ? 'Apply change' : 'Create pattern'}
    >
      <div>
        <PartySelect
          view="caregivers"
          label="Caregiver"
          value={v.open ? null : v.caregiverId}
          current={pattern?.caregiverId ? { value: String(pattern.caregiverId), label: pattern.caregiverName ?? '' } : null}
          disabled={v.open}
          placeholder={v.open ? 'Open shifts: offered through pickup' : undefined}
          error={record.errorOf('caregiverId')}
          onChange={(option) => form.setFieldValue('caregiverId', option?.value ?? null)}
        />
        <Checkbox mt={6} size="xs" label="Open shifts (no caregiver yet)" {...record.inputProps('open', { type: 'checkbox' })} />
      </div>
      <Stack gap={6}>
        <Group justify="space-between" align="center">
          <Text size="sm" fw={500}>
            Repeats
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Kind of rule"
            data={[
              { value: 'weekly', label: 'Weekly' },
              { value: 'custom', label: 'Custom rule' },
            ]}
            {...record.inputProps('ruleMode')}
          />
        </Group>
        {v.ruleMode === 'weekly' ? (
          <Group align="flex-end" gap="md" wrap="wrap">
            <Checkbox.Group label="On" size="xs" {...record.inputProps('days')}>
              <Group gap="xs" mt={4}>
                {WEEKDAYS.map((d) => (
                  <Checkbox key={d.code} value={d.code} label={d.short} aria-label={d.name} size="xs" />
                ))}
              </Group>
            </Checkbox.Group>
            <NumberInput label="Every (weeks)" min={1} max={52} allowDecimal={false} w={110} {...record.inputProps('interval')} />
          </Group>
        ) : (
          <TextInput
            label="Rule (RFC 5545)"
            description="For example FREQ=MONTHLY;BYMONTHDAY=1 or FREQ=DAILY;INTERVAL=2"
            {...record.inputProps('rrule')}
          />
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {pattern ? (
          <TextInput label="Apply from" type="date" required {...record.inputProps('effectiveFrom')} />
        ) : (
          <TextInput label="Start date" type="date" required {...record.inputProps('startDate')} />
        )}
        <TextInput label="End date" type="date" {...record.inputProps('endDate')} />
      </SimpleGrid>
      <div>
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
          <TextInput label="Start time" type="time" required {...record.inputProps('startTime')} />
          <TextInput label="End time" type="time" required {...record.inputProps('endTime')} />
          <TextInput label="Length" value={duration === null ? '' : formatDuration(duration)} readOnly variant="filled" />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={4}>
          Times are in the branch&apos;s time zone, {zoneLabel(pattern?.timezone ?? timezone)}, and keep their wall-clock time
          across daylight saving changes. Without an end date, visits are kept scheduled 60 days ahead.
          {pattern && ' Visits before the date the change applies from, and visits changed on their own, stay as they are.'}
        </Text>
      </div>
      <ServiceFields clientId={clientId} record={record} />
      <Textarea label="Notes" autosize minRows={2} maxRows={5} {...record.inputProps('notes')} />
    </RecordFormFrame>
  );
}

/**
 * Creates a client's recurring pattern (createShiftPattern: days of the week -> FREQ=WEEKLY;BYDAY=..., every N
 * weeks -> INTERVAL, start and optional end date, start time and length, caregiver or open, service) or changes
 * one "from this date on" (updateShiftPattern {id, effectiveFrom, ...}: the pattern ends the day before and a new
 * one takes over; exceptions stay).
 */
export function ShiftPatternModal(props: { target: PatternFormTarget | null; onClose: () => void; timezone: string }) {
  const { target, onClose, timezone } = props;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.kind === 'edit' ? 'Change recurring pattern' : 'New recurring pattern'}
      size="lg"
    >
      {target && <PatternForm target={target} timezone={timezone} onDone={onClose} />}
    </Modal>
  );
}
