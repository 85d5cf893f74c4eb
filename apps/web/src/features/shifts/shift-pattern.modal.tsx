import { Modal, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ZCreateShiftPatternInput,
  ZUpdateShiftPatternInput,
  type CreateShiftPatternInput,
  type ShiftPatternOutput,
  type ShiftPatternSaveOutput,
  type UpdateShiftPatternInput,
} from '@hearth/shared/shifts/shift-patterns.schema';
import { useTRPC } from '@/api/trpc';
import { i18n } from '@/i18n/i18n.setup';
import { blankToNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { useRecordForm, type RecordForm } from '@/forms/use-record-form';
import { ServiceFields, servicePayload } from './service-fields';
import { CaregiverOrOpenField, caregiverPayload } from './shift-caregiver.field';
import { PatternRuleFields, PatternWhenFields, type PatternFormValues } from './shift-pattern.fields';
import { useShiftRefresh } from './shift-queries';
import { parseWeeklyRule, weeklyRule } from './shift-rrule';
import { addMinutesToTime, minutesBetweenTimes } from './shift-time';

/** What the pattern modal edits: a new pattern of a client, or an existing one from a date on. */
export type PatternFormTarget =
  { kind: 'new'; clientId: number; startDate: string } | { kind: 'edit'; pattern: ShiftPatternOutput; effectiveFrom: string };

type PatternPayload = CreateShiftPatternInput | UpdateShiftPatternInput;

/** Tells what a pattern save did: shifts generated, and occurrences left open because the caregiver was busy. */
function announce(result: ShiftPatternSaveOutput, edited: boolean) {
  const generated = i18n.t('pattern.generated', { ns: 'schedule', count: result.generated });
  notifications.show({
    color: 'teal',
    message: i18n.t(edited ? 'pattern.changed' : 'pattern.created', { ns: 'schedule', generated }),
  });
  const conflicts = result.openedForConflict;
  if (conflicts.length > 0) {
    notifications.show({
      color: 'yellow',
      autoClose: 10_000,
      title: i18n.t('pattern.leftOpen', { ns: 'schedule', count: conflicts.length }),
      message: conflicts
        .slice(0, 3)
        .map((c) => c.message)
        .join(' '),
    });
  }
}

/**
 * The pattern form's values and their checks: started from the pattern being changed (its rule read back into days
 * and interval when it is a plain weekly one) or blank for a new one of the target's client.
 */
function usePatternRecordForm(target: PatternFormTarget) {
  const { t } = useTranslation('schedule');
  const pattern = target.kind === 'edit' ? target.pattern : null;
  const clientId = pattern?.clientId ?? (target.kind === 'new' ? target.clientId : 0);
  const weekly = pattern ? parseWeeklyRule(pattern.rrule) : null;

  const toPayload = (v: PatternFormValues): PatternPayload => {
    const rrule = v.ruleMode === 'weekly' ? weeklyRule(v.days, Number(v.interval) || 1) : v.rrule.trim();
    const fields = {
      caregiverId: caregiverPayload(v),
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
      if (v.ruleMode === 'weekly' && v.days.length === 0) errors.days = t('pattern.chooseDay');
      if (!v.open && !v.caregiverId) errors.caregiverId = t('pattern.caregiverRequired');
      if (!v.startTime) errors.startTime = t('pattern.startTimeRequired');
      if (!v.endTime) errors.endTime = t('pattern.endTimeRequired');
      return errors;
    },
    check: (payload) => ({ action: pattern ? 'updateShiftPattern' : 'createShiftPattern', input: payload }),
  });
  return { pattern, clientId, record, toPayload };
}

/**
 * The save of the pattern form (createShiftPattern, or updateShiftPattern when changing `pattern`): what it did is
 * announced, the client's patterns refreshed and `onDone` called; a refusal goes beside the fields.
 */
function usePatternSave(
  pattern: ShiftPatternOutput | null,
  clientId: number,
  record: RecordForm<PatternFormValues>,
  onDone: () => void,
) {
  const trpc = useTRPC();
  const refresh = useShiftRefresh();
  const create = useMutation(trpc.createShiftPattern.mutationOptions());
  const update = useMutation(trpc.updateShiftPattern.mutationOptions());
  const done = (result: ShiftPatternSaveOutput) => {
    announce(result, pattern !== null);
    void refresh.patterns(clientId);
    onDone();
  };
  const submit = (payload: PatternPayload) => {
    if (pattern) update.mutate(payload as UpdateShiftPatternInput, { onSuccess: done, onError: record.onSaveError });
    else create.mutate(payload as CreateShiftPatternInput, { onSuccess: done, onError: record.onSaveError });
  };
  return { submit, pending: create.isPending || update.isPending };
}

function PatternForm({ target, timezone, onDone }: { target: PatternFormTarget; timezone: string; onDone: () => void }) {
  const { t } = useTranslation('schedule');
  const { pattern, clientId, record, toPayload } = usePatternRecordForm(target);
  const save = usePatternSave(pattern, clientId, record, onDone);
  return (
    <RecordFormFrame
      record={record}
      onSubmit={(values) => save.submit(toPayload(values))}
      onCancel={onDone}
      pending={save.pending}
      submitLabel={pattern ? t('pattern.applyChange') : t('pattern.createPattern')}
    >
      <CaregiverOrOpenField
        record={record}
        current={pattern?.caregiverId ? { value: String(pattern.caregiverId), label: pattern.caregiverName ?? '' } : null}
        openLabel={t('pattern.openLabel')}
        openPlaceholder={t('pattern.openPlaceholder')}
      />
      <PatternRuleFields record={record} />
      <PatternWhenFields record={record} changing={pattern !== null} timezone={pattern?.timezone ?? timezone} />
      <ServiceFields clientId={clientId} record={record} />
      <Textarea label={t('pattern.notes')} autosize minRows={2} maxRows={5} {...record.inputProps('notes')} />
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
  const { t } = useTranslation('schedule');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.kind === 'edit' ? t('pattern.changeTitle') : t('pattern.newTitle')}
      size="lg"
    >
      {target && <PatternForm target={target} timezone={timezone} onDone={onClose} />}
    </Modal>
  );
}
