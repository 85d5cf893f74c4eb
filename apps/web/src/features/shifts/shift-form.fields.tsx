import { Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SHIFT_STATUSES } from '@hearth/shared/shifts/shifts.constants';
import type { ShiftOutput } from '@hearth/shared/shifts/shifts.schema';
import type { RecordForm } from '@/forms/use-record-form';
import { PartySelect, type PartyOption } from './party-select';
import type { ServiceValues } from './service-fields';
import { CaregiverOrOpenField, type CaregiverValues } from './shift-caregiver.field';
import { shiftStatusLabel } from './shift-display';
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
  const { t } = useTranslation('schedule');
  const caregiverOption: PartyOption | null = shift?.caregiverId
    ? { value: String(shift.caregiverId), label: shift.caregiverName ?? t('form.caregiverNumber', { id: shift.caregiverId }) }
    : null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {shift || fixedClient ? (
        <TextInput label={t('form.client')} value={shift?.clientName ?? fixedClient?.name ?? ''} readOnly variant="filled" />
      ) : (
        <PartySelect
          view="clients"
          label={t('form.client')}
          required
          value={form.values.clientId}
          current={null}
          error={record.errorOf('clientId')}
          onChange={(option) => form.setFieldValue('clientId', option?.value ?? null)}
        />
      )}
      {shift === null && fixedCaregiver !== null ? (
        <TextInput label={t('form.caregiver')} value={fixedCaregiver.name} readOnly variant="filled" />
      ) : (
        <CaregiverOrOpenField
          record={record}
          current={caregiverOption}
          openLabel={t('form.openLabel')}
          openPlaceholder={t('form.openPlaceholder')}
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
  const { t } = useTranslation('schedule');
  const overnight = v.startTime !== '' && v.endTime !== '' && v.endTime <= v.startTime;
  return (
    <div>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput label={t('form.date')} type="date" required {...record.inputProps('date')} />
        <TextInput label={t('form.startTime')} type="time" required {...record.inputProps('startTime')} />
        <TextInput
          label={t('form.endTime')}
          type="time"
          required
          description={overnight ? t('form.endsNextDay') : undefined}
          {...record.inputProps('endTime')}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={4}>
        {t('form.zoneNote', { zone: zoneLabel(timezone) })}
      </Text>
    </div>
  );
}

/** The status of an existing shift; cancelling is not a status pick but the drawer's own step. */
export function ShiftStatusField({ record }: { record: RecordForm<ShiftFormValues> }) {
  const { t } = useTranslation('schedule');
  return (
    <Group grow>
      <Select
        label={t('form.status')}
        allowDeselect={false}
        data={SHIFT_STATUSES.filter((s) => s !== 'cancelled').map((s) => ({ value: s, label: shiftStatusLabel(s) }))}
        {...record.inputProps('status')}
      />
    </Group>
  );
}
