import { Modal, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ZCreateShiftInput,
  ZUpdateShiftInput,
  type ShiftOutput,
  type UpdateShiftInput,
} from '@hearth/shared/shifts/shifts.schema';
import { blankToNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { useRecordForm } from '@/forms/use-record-form';
import { ServiceFields, servicePayload } from './service-fields';
import { caregiverPayload } from './shift-caregiver.field';
import { ShiftPartyFields, ShiftStatusField, ShiftTimeFields, type ShiftFormValues } from './shift-form.fields';
import { useShiftFormSubmit, type ShiftPayload } from './shift-form.submit';
import { localParts, shiftInstants } from './shift-time';
import { ShiftWarningsAlert } from './shift-warnings';

/** A new shift's local date and times, e.g. from a slot selected on the calendar. */
export interface ShiftPrefill {
  date: string;
  startTime: string;
  endTime: string;
}

/** What the shift modal edits: a new shift (with its prefill) or an existing one. */
export type ShiftFormTarget = { kind: 'new'; prefill: ShiftPrefill } | { kind: 'edit'; shift: ShiftOutput };

/** Whose page the form opened on: that side of the shift is fixed when creating. */
export interface FixedParty {
  id: number;
  name: string;
}

/**
 * A stand-in span for the schema check while the date or a time is still empty: the form's own rules already say
 * which one is missing, and the stand-in is never sent (the server check waits and submit is refused).
 */
const STAND_IN = { startTimestamp: '2000-01-01T00:00:00Z', endTimestamp: '2000-01-01T01:00:00Z' };

/**
 * The shift form's values and their checks: started from the shift being edited, or from the prefill and the fixed
 * parties of a new one; the payload carries the local date and times as instants in `timezone`.
 */
function useShiftRecordForm(
  target: ShiftFormTarget,
  timezone: string,
  fixedClient: FixedParty | null,
  fixedCaregiver: FixedParty | null,
) {
  const { t } = useTranslation('schedule');
  const shift = target.kind === 'edit' ? target.shift : null;
  const start = shift ? localParts(shift.startTimestamp, timezone) : null;
  const end = shift ? localParts(shift.endTimestamp, timezone) : null;
  const prefill = target.kind === 'new' ? target.prefill : null;

  const toPayload = (v: ShiftFormValues): ShiftPayload => {
    const instants = shiftInstants(v.date, v.startTime, v.endTime, timezone) ?? STAND_IN;
    const common = { caregiverId: caregiverPayload(v), ...instants, ...servicePayload(v), notes: blankToNull(v.notes) };
    if (shift) return { id: shift.id, ...common, status: v.status as UpdateShiftInput['status'] };
    return { clientId: v.clientId === null ? Number.NaN : Number(v.clientId), ...common };
  };
  const record = useRecordForm<ShiftFormValues, ShiftPayload>({
    initialValues: {
      clientId: shift ? String(shift.clientId) : fixedClient ? String(fixedClient.id) : null,
      caregiverId: shift?.caregiverId ? String(shift.caregiverId) : fixedCaregiver ? String(fixedCaregiver.id) : null,
      open: shift ? shift.caregiverId === null : false,
      date: start?.date ?? prefill?.date ?? '',
      startTime: start?.time ?? prefill?.startTime ?? '09:00',
      endTime: end?.time ?? prefill?.endTime ?? '13:00',
      status: shift?.status ?? 'scheduled',
      payerSourceId: shift?.payerSourceId ? String(shift.payerSourceId) : null,
      serviceCode: shift?.serviceCode ?? '',
      modifiers: shift?.modifiers ?? [],
      notes: shift?.notes ?? '',
    },
    toPayload,
    schema: shift ? ZUpdateShiftInput : ZCreateShiftInput,
    fieldOf: (path) => (path === 'startTimestamp' ? 'startTime' : path === 'endTimestamp' ? 'endTime' : path),
    rules: (v) => {
      const errors: Record<string, string> = {};
      if (!v.clientId) errors.clientId = t('form.clientRequired');
      if (!v.open && !v.caregiverId) errors.caregiverId = t('form.caregiverRequired');
      if (!v.date) errors.date = t('form.dateRequired');
      if (!v.startTime) errors.startTime = t('form.startTimeRequired');
      if (!v.endTime) errors.endTime = t('form.endTimeRequired');
      return errors;
    },
    check: (payload) =>
      payload.startTimestamp === STAND_IN.startTimestamp
        ? null
        : { action: shift ? 'updateShift' : 'createShift', input: { ...payload, dryRun: true } },
  });
  return { shift, record, toPayload };
}

function ShiftForm(props: {
  target: ShiftFormTarget;
  timezone: string;
  fixedClient: FixedParty | null;
  fixedCaregiver: FixedParty | null;
  onDone: () => void;
  onSaved?: (shift: ShiftOutput) => void;
}) {
  const { target, timezone, fixedClient, fixedCaregiver, onDone, onSaved } = props;
  const { t } = useTranslation('schedule');
  const { shift, record, toPayload } = useShiftRecordForm(target, timezone, fixedClient, fixedCaregiver);
  const save = useShiftFormSubmit({ shift, onSaveError: record.onSaveError, onDone, onSaved });
  const v = record.form.values;
  return (
    <RecordFormFrame
      record={record}
      onSubmit={(values) => void save.submit(toPayload(values))}
      onCancel={onDone}
      pending={save.pending}
      submitLabel={save.submitLabel(toPayload(v))}
    >
      <ShiftPartyFields record={record} shift={shift} fixedClient={fixedClient} fixedCaregiver={fixedCaregiver} />
      <ShiftTimeFields record={record} timezone={timezone} />
      <ServiceFields clientId={v.clientId ? Number(v.clientId) : null} record={record} />
      {shift && <ShiftStatusField record={record} />}
      <Textarea label={t('form.notes')} autosize minRows={2} maxRows={6} {...record.inputProps('notes')} />
      {save.warnings && <ShiftWarningsAlert warnings={save.warnings} />}
    </RecordFormFrame>
  );
}

/**
 * Creates or edits one shift (createShift / updateShift with the shared ZCreateShiftInput / ZUpdateShiftInput):
 * client (fixed on a client's page), caregiver (fixed on a caregiver's page when creating) or "Open shift", date
 * and times in the branch's time zone, service and payer, notes, and status when editing. Saving runs a dry run
 * first; its warnings show in the modal with "Save anyway"; a conflict (409) or field errors show inline. A shift
 * of a recurring pattern edited here becomes an exception to it.
 */
export function ShiftFormModal(props: {
  target: ShiftFormTarget | null;
  onClose: () => void;
  timezone: string;
  fixedClient?: FixedParty | null;
  fixedCaregiver?: FixedParty | null;
  onSaved?: (shift: ShiftOutput) => void;
}) {
  const { target, onClose, timezone, fixedClient = null, fixedCaregiver = null, onSaved } = props;
  const { t } = useTranslation('schedule');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.kind === 'edit' ? t('form.editTitle') : t('form.newTitle')}
      size="lg"
    >
      {target && (
        <ShiftForm
          target={target}
          timezone={timezone}
          fixedClient={fixedClient}
          fixedCaregiver={fixedCaregiver}
          onDone={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}
