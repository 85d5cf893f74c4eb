import { useState } from 'react';
import { Checkbox, Group, Modal, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { SHIFT_STATUSES, SHIFT_STATUS_LABELS } from '@hearth/shared/shifts/shifts.constants';
import {
  ZCreateShiftInput,
  ZUpdateShiftInput,
  type CreateShiftInput,
  type ShiftOutput,
  type ShiftWarning,
  type UpdateShiftInput,
} from '@hearth/shared/shifts/shifts.schema';
import { useTRPC } from '@/api/trpc';
import { blankToNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { useRecordForm } from '@/forms/use-record-form';
import { PartySelect, type PartyOption } from './party-select';
import { ServiceFields, servicePayload, type ServiceValues } from './service-fields';
import { useShiftRefresh } from './shift-queries';
import { localParts, shiftInstants, zoneLabel } from './shift-time';
import { ShiftWarningsAlert } from './shift-warnings';

/** A new shift's local date and times, e.g. from a slot selected on the calendar. */
export interface ShiftPrefill {
  date: string;
  startTime: string;
  endTime: string;
}

/** What the shift modal edits: a new shift (with its prefill) or an existing one. */
export type ShiftFormTarget = { kind: 'new'; prefill: ShiftPrefill } | { kind: 'edit'; shift: ShiftOutput };

interface ShiftFormValues extends ServiceValues {
  clientId: string | null;
  caregiverId: string | null;
  open: boolean;
  date: string;
  startTime: string;
  endTime: string;
  status: string;
  notes: string;
}

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

function ShiftForm(props: {
  target: ShiftFormTarget;
  timezone: string;
  fixedClient: FixedParty | null;
  fixedCaregiver: FixedParty | null;
  onDone: () => void;
  onSaved?: (shift: ShiftOutput) => void;
}) {
  const { target, timezone, fixedClient, fixedCaregiver, onDone, onSaved } = props;
  const trpc = useTRPC();
  const refresh = useShiftRefresh();
  const create = useMutation(trpc.createShift.mutationOptions());
  const update = useMutation(trpc.updateShift.mutationOptions());
  const [warned, setWarned] = useState<{ key: string; warnings: ShiftWarning[] } | null>(null);
  const shift = target.kind === 'edit' ? target.shift : null;
  const start = shift ? localParts(shift.startTimestamp, timezone) : null;
  const end = shift ? localParts(shift.endTimestamp, timezone) : null;
  const prefill = target.kind === 'new' ? target.prefill : null;
  const caregiverFixed = shift === null && fixedCaregiver !== null;

  const toPayload = (v: ShiftFormValues): CreateShiftInput | UpdateShiftInput => {
    const instants = shiftInstants(v.date, v.startTime, v.endTime, timezone) ?? STAND_IN;
    const common = {
      caregiverId: v.open || v.caregiverId === null ? null : Number(v.caregiverId),
      ...instants,
      ...servicePayload(v),
      notes: blankToNull(v.notes),
    };
    if (shift) return { id: shift.id, ...common, status: v.status as UpdateShiftInput['status'] };
    return { clientId: v.clientId === null ? Number.NaN : Number(v.clientId), ...common };
  };
  const record = useRecordForm<ShiftFormValues, CreateShiftInput | UpdateShiftInput>({
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
      if (!v.clientId) errors.clientId = 'Client is required';
      if (!v.open && !v.caregiverId) errors.caregiverId = 'Choose a caregiver, or tick Open shift';
      if (!v.date) errors.date = 'Date is required';
      if (!v.startTime) errors.startTime = 'Start time is required';
      if (!v.endTime) errors.endTime = 'End time is required';
      return errors;
    },
    check: (payload) =>
      payload.startTimestamp === STAND_IN.startTimestamp
        ? null
        : { action: shift ? 'updateShift' : 'createShift', input: { ...payload, dryRun: true } },
  });
  const { form } = record;
  const v = form.values;
  const pending = create.isPending || update.isPending;

  const save = async (payload: CreateShiftInput | UpdateShiftInput, dryRun: boolean) =>
    'id' in payload
      ? update.mutateAsync({ ...(payload as UpdateShiftInput), dryRun })
      : create.mutateAsync({ ...(payload as CreateShiftInput), dryRun });

  const submit = async (values: ShiftFormValues) => {
    const payload = toPayload(values);
    const key = JSON.stringify(payload);
    try {
      // A dry run first: conflicts answer 409 as usual, warnings come back to confirm (issue item 3).
      if (warned?.key !== key) {
        const dry = await save(payload, true);
        if (dry.warnings.length > 0) {
          setWarned({ key, warnings: dry.warnings });
          return;
        }
      }
      const saved = await save(payload, false);
      notifications.show({ color: 'teal', message: shift ? 'Shift saved' : 'Shift created' });
      if (shift) void refresh.shift(shift.id);
      else void refresh.shifts();
      if (saved.shift) onSaved?.(saved.shift);
      onDone();
    } catch (error) {
      setWarned(null);
      record.onSaveError(error);
    }
  };

  const overnight = v.startTime !== '' && v.endTime !== '' && v.endTime <= v.startTime;
  const caregiverOption: PartyOption | null = shift?.caregiverId
    ? { value: String(shift.caregiverId), label: shift.caregiverName ?? `Caregiver ${shift.caregiverId}` }
    : null;
  return (
    <RecordFormFrame
      record={record}
      onSubmit={(values) => void submit(values)}
      onCancel={onDone}
      pending={pending}
      submitLabel={warned && warned.key === JSON.stringify(toPayload(v)) ? 'Save anyway' : shift ? 'Save shift' : 'Create shift'}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {shift || fixedClient ? (
          <TextInput label="Client" value={shift?.clientName ?? fixedClient?.name ?? ''} readOnly variant="filled" />
        ) : (
          <PartySelect
            view="clients"
            label="Client"
            required
            value={v.clientId}
            current={null}
            error={record.errorOf('clientId')}
            onChange={(option) => form.setFieldValue('clientId', option?.value ?? null)}
          />
        )}
        {caregiverFixed ? (
          <TextInput label="Caregiver" value={fixedCaregiver?.name ?? ''} readOnly variant="filled" />
        ) : (
          <div>
            <PartySelect
              view="caregivers"
              label="Caregiver"
              value={v.open ? null : v.caregiverId}
              current={caregiverOption}
              disabled={v.open}
              placeholder={v.open ? 'Open shift: offered through pickup' : undefined}
              error={record.errorOf('caregiverId')}
              onChange={(option) => form.setFieldValue('caregiverId', option?.value ?? null)}
            />
            <Checkbox
              mt={6}
              size="xs"
              label="Open shift (no caregiver yet)"
              {...record.inputProps('open', { type: 'checkbox' })}
            />
          </div>
        )}
      </SimpleGrid>
      <div>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="Date" type="date" required {...record.inputProps('date')} />
          <TextInput label="Start time" type="time" required {...record.inputProps('startTime')} />
          <TextInput
            label="End time"
            type="time"
            required
            description={overnight ? 'Ends the next day' : undefined}
            {...record.inputProps('endTime')}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={4}>
          Times are in the branch&apos;s time zone, {zoneLabel(timezone)}.
        </Text>
      </div>
      <ServiceFields clientId={v.clientId ? Number(v.clientId) : null} record={record} />
      {shift && (
        <Group grow>
          <Select
            label="Status"
            allowDeselect={false}
            data={SHIFT_STATUSES.filter((s) => s !== 'cancelled').map((s) => ({ value: s, label: SHIFT_STATUS_LABELS[s] }))}
            {...record.inputProps('status')}
          />
        </Group>
      )}
      <Textarea label="Notes" autosize minRows={2} maxRows={6} {...record.inputProps('notes')} />
      {warned && <ShiftWarningsAlert warnings={warned.warnings} />}
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
  return (
    <Modal opened={target !== null} onClose={onClose} title={target?.kind === 'edit' ? 'Edit shift' : 'New shift'} size="lg">
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
