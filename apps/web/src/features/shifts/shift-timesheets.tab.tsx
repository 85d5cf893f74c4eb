import { useState } from 'react';
import { Badge, Group, Modal, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OFFICE_EDIT_REASON_CODES, TIMESHEET_TYPES, type OfficeEditReasonCode } from '@hearth/shared/shifts/shifts.constants';
import {
  ZSaveShiftTimesheetInput,
  type SaveShiftTimesheetInput,
  type ShiftOutput,
  type TimesheetOutput,
} from '@hearth/shared/shifts/shifts.schema';
import { useTRPC } from '@/api/trpc';
import { DeleteButton } from '@/components/records/delete-button';
import { EditButton } from '@/components/records/edit-button';
import { blankToNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { AddButton } from '@/components/records/record-modal';
import { useRecordForm } from '@/forms/use-record-form';
import { reasonLabel, timesheetTypeLabel } from './shift-display';
import { useShiftRefresh } from './shift-queries';
import { formatZoned, localParts, zonedToUtc, zoneLabel } from './shift-time';

interface TimesheetFormValues {
  checkInDate: string;
  checkInTime: string;
  checkOutDate: string;
  checkOutTime: string;
  reasonCode: string | null;
  reasonNote: string;
}

/** An office edit of a visit's times (saveShiftTimesheet, timesheet type 3) with its reason code and note. */
function TimesheetForm(props: { shift: ShiftOutput; timesheet: TimesheetOutput | null; timezone: string; onDone: () => void }) {
  const { shift, timesheet, timezone, onDone } = props;
  const { t } = useTranslation('schedule');
  const trpc = useTRPC();
  const refresh = useShiftRefresh();
  const save = useMutation(trpc.saveShiftTimesheet.mutationOptions());
  const checkIn = localParts(timesheet ? (timesheet.check_in ?? shift.startTimestamp) : shift.startTimestamp, timezone);
  const checkOut = localParts(timesheet ? (timesheet.check_out ?? shift.endTimestamp) : shift.endTimestamp, timezone);
  const toPayload = (v: TimesheetFormValues): SaveShiftTimesheetInput => ({
    scheduleId: shift.id,
    ...(timesheet ? { id: timesheet.id } : {}),
    checkIn: v.checkInTime ? zonedToUtc(v.checkInDate, v.checkInTime, timezone) : null,
    checkOut: v.checkOutTime ? zonedToUtc(v.checkOutDate, v.checkOutTime, timezone) : null,
    reasonCode: (v.reasonCode ?? '') as OfficeEditReasonCode,
    reasonNote: blankToNull(v.reasonNote),
  });
  const record = useRecordForm<TimesheetFormValues, SaveShiftTimesheetInput>({
    initialValues: {
      checkInDate: checkIn.date,
      checkInTime: timesheet && !timesheet.check_in ? '' : checkIn.time,
      checkOutDate: checkOut.date,
      checkOutTime: timesheet && !timesheet.check_out ? '' : checkOut.time,
      reasonCode: (timesheet?.reason_code as OfficeEditReasonCode | null) ?? null,
      reasonNote: timesheet?.reason_note ?? '',
    },
    toPayload,
    schema: ZSaveShiftTimesheetInput,
    fieldOf: (path) => (path === 'checkIn' ? 'checkInTime' : path === 'checkOut' ? 'checkOutTime' : path),
    rules: (v) => {
      const errors: Record<string, string> = {};
      if (v.checkInTime && !v.checkInDate) errors.checkInDate = t('timesheets.dateRequired');
      if (v.checkOutTime && !v.checkOutDate) errors.checkOutDate = t('timesheets.dateRequired');
      if (!v.reasonCode) errors.reasonCode = t('timesheets.reasonRequired');
      return errors;
    },
    check: (payload) => ({ action: 'saveShiftTimesheet', input: payload }),
  });
  const submit = (values: TimesheetFormValues) =>
    save.mutate(toPayload(values), {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('timesheets.saved') });
        void refresh.shift(shift.id);
        onDone();
      },
      onError: record.onSaveError,
    });
  return (
    <RecordFormFrame
      record={record}
      onSubmit={submit}
      onCancel={onDone}
      pending={save.isPending}
      submitLabel={t('timesheets.save')}
    >
      <SimpleGrid cols={2} spacing="sm">
        <TextInput label={t('timesheets.checkInDate')} type="date" {...record.inputProps('checkInDate')} />
        <TextInput label={t('timesheets.checkInTime')} type="time" {...record.inputProps('checkInTime')} />
        <TextInput label={t('timesheets.checkOutDate')} type="date" {...record.inputProps('checkOutDate')} />
        <TextInput label={t('timesheets.checkOutTime')} type="time" {...record.inputProps('checkOutTime')} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('timesheets.zoneNote', { zone: zoneLabel(timezone) })}
      </Text>
      <Select
        label={t('timesheets.reasonCode')}
        required
        data={OFFICE_EDIT_REASON_CODES.map((code) => ({ value: code, label: t(`reasonCode.${code}`) }))}
        allowDeselect={false}
        {...record.inputProps('reasonCode')}
      />
      <Textarea label={t('timesheets.note')} autosize minRows={2} maxRows={4} {...record.inputProps('reasonNote')} />
    </RecordFormFrame>
  );
}

function TypeBadge({ type }: { type: number | null }) {
  if (type === null) return null;
  const color = type === TIMESHEET_TYPES.office ? 'violet' : type === TIMESHEET_TYPES.offline ? 'orange' : 'blue';
  return (
    <Badge size="xs" variant="light" color={color}>
      {timesheetTypeLabel(type)}
    </Badge>
  );
}

/** The pay period a phone check passed when it arrived after the period was locked (metadata afterPayPeriodLock). */
function lockPassed(metadata: TimesheetOutput['check_in_metadata']): { periodStart: string; periodEnd: string } | null {
  const lock = metadata?.afterPayPeriodLock;
  if (lock === null || typeof lock !== 'object') return null;
  const { periodStart, periodEnd } = lock as Record<string, unknown>;
  return typeof periodStart === 'string' && typeof periodEnd === 'string' ? { periodStart, periodEnd } : null;
}

function TimeCell(props: { at: string | null; type: number | null; timezone: string; afterLock: boolean }) {
  const { at, type, timezone, afterLock } = props;
  const { t } = useTranslation('schedule');
  if (!at) return <Text size="sm">—</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatZoned(at, timezone)}
      </Text>
      <Group gap={4}>
        <TypeBadge type={type} />
        {afterLock && (
          <Badge size="xs" variant="light" color="grape" title={t('timesheets.afterLockReview')}>
            {t('timesheets.afterLock')}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/** The review note of a timesheet with a phone check that arrived after its pay period was locked. */
function AfterLockNote({ timesheet }: { timesheet: TimesheetOutput }) {
  const { t } = useTranslation('schedule');
  const lock = lockPassed(timesheet.check_in_metadata) ?? lockPassed(timesheet.check_out_metadata);
  if (!lock) return null;
  return (
    <Text size="xs" c="grape">
      {t('timesheets.afterLockNote', { review: t('timesheets.afterLockReview'), start: lock.periodStart, end: lock.periodEnd })}
    </Text>
  );
}

/**
 * The visit's timesheets (spec "Shift": check_in, check_out and their types: Mobile, Offline, Office edit),
 * with office edits added or changed under a reason code, and removal (deleteTimesheet).
 */
export function ShiftTimesheetsTab(props: { shift: ShiftOutput; timezone: string; canEdit: boolean; canDelete: boolean }) {
  const { shift, timezone, canEdit, canDelete } = props;
  const { t } = useTranslation('schedule');
  const trpc = useTRPC();
  const refresh = useShiftRefresh();
  const remove = useMutation(trpc.deleteTimesheet.mutationOptions({ onSuccess: () => void refresh.shift(shift.id) }));
  const [editing, setEditing] = useState<TimesheetOutput | 'new' | null>(null);
  const rows = shift.timesheets;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {rows.length === 0 ? t('timesheets.none') : t('timesheets.count', { count: rows.length })}
        </Text>
        {canEdit && shift.status !== 'cancelled' && (
          <AddButton label={t('timesheets.addOfficeEdit')} onClick={() => setEditing('new')} />
        )}
      </Group>
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={480} type="native">
          <Table fz="sm" verticalSpacing={6} aria-label={t('timesheets.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('timesheets.checkIn')}</Table.Th>
                <Table.Th>{t('timesheets.checkOut')}</Table.Th>
                <Table.Th>{t('timesheets.reason')}</Table.Th>
                <Table.Th w={60} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <TimeCell
                      at={row.check_in}
                      type={row.check_in_type}
                      timezone={timezone}
                      afterLock={lockPassed(row.check_in_metadata) !== null}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TimeCell
                      at={row.check_out}
                      type={row.check_out_type}
                      timezone={timezone}
                      afterLock={lockPassed(row.check_out_metadata) !== null}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{reasonLabel(row.reason_code) ?? '—'}</Text>
                    <AfterLockNote timesheet={row} />
                    {row.reason_note && (
                      <Text size="xs" c="dimmed">
                        {row.reason_note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap" justify="flex-end">
                      {canEdit && <EditButton what={t('timesheets.noun')} onClick={() => setEditing(row)} />}
                      {canDelete && (
                        <DeleteButton what={t('timesheets.noun')} onConfirm={() => remove.mutateAsync({ id: row.id })} />
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('timesheets.addOfficeEdit') : t('timesheets.editTitle')}
        size="md"
      >
        {editing !== null && (
          <TimesheetForm
            shift={shift}
            timesheet={editing === 'new' ? null : editing}
            timezone={timezone}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}
