import { Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { SHIFT_STATUSES, SHIFT_STATUS_LABELS } from '@hearth/shared/shifts/shifts.constants';
import type { ShiftOutput } from '@hearth/shared/shifts/shifts.schema';
import type { RecordForm } from '@/forms/use-record-form';
import { PartySelect, type PartyOption } from './party-select';
import type { ServiceValues } from './service-fields';
import { CaregiverOrOpenField, type CaregiverValues } from './shift-caregiver.field';
import { zoneLabel } from './shift-time';

/** The shift form's values: ids as Select strings, the local date and "HH:MM" times in the branch's zone. */
export interface ShiftFormValues extends ServiceValues, CaregiverValues {
  clientId: string | null;
  date: string;
  startTime: string;
  endTime: string;
  status: string;
  notes: string;
}

/**
 * The two parties of a shift. The client is read-only once the shift exists or when the form opened on the client's
 * page (`fixedClient`); the caregiver is read-only when a new shift opened on the caregiver's page (`fixedCaregiver`),
 * otherwise picked by name or left open.
 */
export function ShiftPartyFields(props: {
  record: RecordForm<ShiftFormValues>;
  shift: ShiftOutput | null;
  fixedClient: { name: string } | null;
  fixedCaregiver: { name: string } | null;
}) {
  const { record, shift, fixedClient, fixedCaregiver } = props;
  const { form } = record;
  const caregiverOption: PartyOption | null = shift?.caregiverId
    ? { value: String(shift.caregiverId), label: shift.caregiverName ?? `Caregiver ${shift.caregiverId}` }
    : null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {shift || fixedClient ? (
        <TextInput label="Client" value={shift?.clientName ?? fixedClient?.name ?? ''} readOnly variant="filled" />
      ) : (
        <PartySelect
          view="clients"
          label="Client"
          required
          value={form.values.clientId}
          current={null}
          error={record.errorOf('clientId')}
          onChange={(option) => form.setFieldValue('clientId', option?.value ?? null)}
        />
      )}
      {shift === null && fixedCaregiver !== null ? (
        <TextInput label="Caregiver" value={fixedCaregiver.name} readOnly variant="filled" />
      ) : (
        <CaregiverOrOpenField
          record={record}
          current={caregiverOption}
          openLabel="Open shift (no caregiver yet)"
          openPlaceholder="Open shift: offered through pickup"
        />
      )}
    </SimpleGrid>
  );
}

/**
 * The date and start and end times of a shift on the branch's wall clock (`timezone`); an end at or before the start
 * is read as the next day, and the field says so.
 */
export function ShiftTimeFields({ record, timezone }: { record: RecordForm<ShiftFormValues>; timezone: string }) {
  const v = record.form.values;
  const overnight = v.startTime !== '' && v.endTime !== '' && v.endTime <= v.startTime;
  return (
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
  );
}

/** The status of an existing shift; cancelling is not a status pick but the drawer's own step. */
export function ShiftStatusField({ record }: { record: RecordForm<ShiftFormValues> }) {
  return (
    <Group grow>
      <Select
        label="Status"
        allowDeselect={false}
        data={SHIFT_STATUSES.filter((s) => s !== 'cancelled').map((s) => ({ value: s, label: SHIFT_STATUS_LABELS[s] }))}
        {...record.inputProps('status')}
      />
    </Group>
  );
}
