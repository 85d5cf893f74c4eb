import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Drawer, Group, Loader, Menu, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { IconBell, IconChevronDown, IconPencil, IconRepeat, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ShiftOutput } from '@hearth/shared/shifts/shifts.schema';
import { errorMessageOf, httpStatusOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import { Detail, NotesDetail } from '@/components/records/section-card';
import { isOpenShift, OPEN_SHIFT_COLOR, serviceText, SHIFT_STATUS_COLORS, shiftStatusLabel } from './shift-display';
import { ShiftCancelModal } from './shift-cancel.modal';
import { ShiftChangesTab } from './shift-changes.tab';
import { ShiftCommentsTab } from './shift-comments.tab';
import { ShiftDrawerSlotContent } from './shift-drawer.slot';
import { ShiftRatingsSection } from './shift-ratings.section';
import { ShiftFormModal, type ShiftFormTarget } from './shift-form.modal';
import { ShiftPatternModal, type PatternFormTarget } from './shift-pattern.modal';
import { ShiftPickupTab } from './shift-pickup.tab';
import { ShiftTimesheetsTab } from './shift-timesheets.tab';
import { formatTimeRange, formatZoned, formatZonedDay, localParts, zoneLabel } from './shift-time';

/** The badges on top of a shift: status, open, recurring, and the spec's missing-data flags. */
function ShiftBadges({ shift }: { shift: ShiftOutput }) {
  const { t } = useTranslation('schedule');
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={SHIFT_STATUS_COLORS[shift.status]} variant="filled">
        {shiftStatusLabel(shift.status)}
      </Badge>
      {isOpenShift(shift) && (
        <Badge color={OPEN_SHIFT_COLOR} variant="outline">
          {t('drawer.openShift')}
        </Badge>
      )}
      {shift.patternId !== null && (
        <Badge color="gray" variant="light" leftSection={<IconRepeat size={11} />}>
          {shift.isException ? t('drawer.recurringException') : t('drawer.recurring')}
        </Badge>
      )}
      {shift.tasksMissing && (
        <Badge color="orange" variant="light">
          {t('drawer.tasksMissing')}
        </Badge>
      )}
      {shift.timeEntryMissing && (
        <Badge color="red" variant="light">
          {t('drawer.timeEntryMissing')}
        </Badge>
      )}
    </Group>
  );
}

/** Edit: one shift, or (for a recurring one) the pattern from this shift on. */
function EditAction(props: {
  shift: ShiftOutput;
  canEditPattern: boolean;
  onEditShift: () => void;
  onEditPattern: (() => void) | null;
}) {
  const { shift, canEditPattern, onEditShift, onEditPattern } = props;
  const { t } = useTranslation('schedule');
  if (shift.patternId === null || !canEditPattern) {
    return (
      <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={onEditShift}>
        {t('drawer.edit')}
      </Button>
    );
  }
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} rightSection={<IconChevronDown size={14} />}>
          {t('drawer.edit')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onEditShift}>{t('drawer.thisShift')}</Menu.Item>
        <Menu.Item onClick={onEditPattern ?? undefined} disabled={onEditPattern === null}>
          {t('drawer.thisAndFollowing')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function ShiftDetails({ shift }: { shift: ShiftOutput }) {
  const { t } = useTranslation('schedule');
  const tz = shift.timezone;
  const offline = ` ${t('drawer.offline')}`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
      <Detail label={t('drawer.client')}>
        <Anchor component={Link} to={`/clients/${shift.clientId}/schedule`} size="sm">
          {shift.clientName}
        </Anchor>
      </Detail>
      <Detail label={t('drawer.caregiver')}>
        {shift.caregiverId === null ? (
          <Text span c={OPEN_SHIFT_COLOR} fw={500} size="sm">
            {t('drawer.openNoCaregiver')}
          </Text>
        ) : (
          <Anchor component={Link} to={`/caregivers/${shift.caregiverId}/schedule`} size="sm">
            {shift.caregiverName}
          </Anchor>
        )}
      </Detail>
      <Detail label={t('drawer.service')}>{serviceText(shift)}</Detail>
      <Detail label={t('drawer.payer')}>{shift.payerSourceName}</Detail>
      <Detail label={t('drawer.authorization')}>
        {shift.authorizationId !== null
          ? t('drawer.authorizationNumber', { id: shift.authorizationId })
          : shift.serviceCode
            ? t('drawer.noneMatched')
            : null}
      </Detail>
      <Detail label={t('drawer.checkInOut')}>
        {shift.checkIn || shift.checkOut
          ? `${shift.checkIn ? formatZoned(shift.checkIn, tz) : '—'}${shift.offlineCheckIn ? offline : ''} → ${
              shift.checkOut ? formatZoned(shift.checkOut, tz) : '—'
            }${shift.offlineCheckOut ? offline : ''}`
          : null}
      </Detail>
      {shift.cancelReason && <Detail label={t('drawer.cancelledBecause')}>{shift.cancelReason}</Detail>}
      <NotesDetail notes={shift.notes} />
    </SimpleGrid>
  );
}

/**
 * The actions on a shift that is not cancelled, each shown only with its permission: edit (`onEditShift`, or
 * `onEditPattern` for this and the following), send the caregiver a reminder of a scheduled shift
 * (sendShiftReminder, announced either way) and cancel (`onCancelShift`).
 */
function ShiftActions(props: {
  shift: ShiftOutput;
  canEditPattern: boolean;
  onEditShift: () => void;
  onEditPattern: (() => void) | null;
  onCancelShift: () => void;
}) {
  const { shift, canEditPattern, onEditShift, onEditPattern, onCancelShift } = props;
  const trpc = useTRPC();
  const { t } = useTranslation('schedule');
  const { can } = useAllowedActions();
  const remind = useMutation(
    trpc.sendShiftReminder.mutationOptions({
      onSuccess: (sent) =>
        notifications.show({
          color: 'teal',
          message: t('drawer.reminderSent', { recipient: sent.recipient, channel: sent.channel }),
        }),
      onError: (error) =>
        notifications.show({ color: 'red', title: t('drawer.reminderNotSent'), message: errorMessageOf(error) }),
    }),
  );
  return (
    <Group gap="xs">
      {can('updateShift') && (
        <EditAction shift={shift} canEditPattern={canEditPattern} onEditShift={onEditShift} onEditPattern={onEditPattern} />
      )}
      {can('sendShiftReminder') && shift.caregiverId !== null && shift.status === 'scheduled' && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconBell size={14} />}
          loading={remind.isPending}
          onClick={() => remind.mutate({ scheduleId: shift.id })}
        >
          {t('drawer.sendReminder')}
        </Button>
      )}
      {can('deleteShift') && (
        <Button size="xs" variant="subtle" color="red" leftSection={<IconX size={14} />} onClick={onCancelShift}>
          {t('drawer.cancelShift')}
        </Button>
      )}
    </Group>
  );
}

/** The tabs under a shift's details, `tab` the one shown: timesheets, comments, changes, and pickup for an open shift. */
function ShiftTabs(props: { shift: ShiftOutput; tab: string | null; onTabChange: (tab: string | null) => void }) {
  const { shift, tab, onTabChange } = props;
  const { t } = useTranslation('schedule');
  const { can } = useAllowedActions();
  const tz = shift.timezone;
  const open = isOpenShift(shift);
  return (
    <Tabs value={tab} onChange={onTabChange} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="timesheets">{t('drawer.tab.timesheets')}</Tabs.Tab>
        <Tabs.Tab value="comments">{t('drawer.tab.comments')}</Tabs.Tab>
        <Tabs.Tab value="changes">{t('drawer.tab.changes')}</Tabs.Tab>
        {open && <Tabs.Tab value="pickup">{t('drawer.tab.pickup')}</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="timesheets" pt="sm">
        <ShiftTimesheetsTab shift={shift} timezone={tz} canEdit={can('saveShiftTimesheet')} canDelete={can('deleteTimesheet')} />
      </Tabs.Panel>
      <Tabs.Panel value="comments" pt="sm">
        <ShiftCommentsTab scheduleId={shift.id} timezone={tz} canWrite={can('createShiftComment')} />
      </Tabs.Panel>
      <Tabs.Panel value="changes" pt="sm">
        <ShiftChangesTab scheduleId={shift.id} timezone={tz} />
      </Tabs.Panel>
      {open && (
        <Tabs.Panel value="pickup" pt="sm">
          <ShiftPickupTab scheduleId={shift.id} timezone={tz} canSend={can('sendPickupInvitations')} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}

function ShiftDrawerBody({ id, onClose }: { id: number; onClose: () => void }) {
  const trpc = useTRPC();
  const { t } = useTranslation('schedule');
  const { can } = useAllowedActions();
  const query = useQuery(trpc.getShift.queryOptions({ id }));
  const shift = query.data;
  const canEditPattern = can('updateShiftPattern');
  const patterns = useQuery(
    trpc.getShiftPatterns.queryOptions(shift?.patternId && canEditPattern ? { clientId: shift.clientId } : skipToken),
  );
  const [editing, setEditing] = useState<ShiftFormTarget | null>(null);
  const [patternTarget, setPatternTarget] = useState<PatternFormTarget | null>(null);
  const [cancelling, setCancelling] = useState(false);
  // Kept here rather than in the tabs: a failed refetch shows an alert instead, and the tab comes back with the shift.
  const [tab, setTab] = useState<string | null>('timesheets');

  if (query.isPending) return <Loader size="sm" aria-label={t('drawer.loading')} />;
  if (query.isError || !shift) {
    return <Alert color="red">{httpStatusOf(query.error) === 404 ? t('drawer.gone') : errorMessageOf(query.error)}</Alert>;
  }
  const tz = shift.timezone;
  const cancelled = shift.status === 'cancelled';
  const pattern = patterns.data?.find((p) => p.id === shift.patternId) ?? null;
  const day = localParts(shift.startTimestamp, tz).date;
  const editPattern =
    pattern && (pattern.endDate === null || pattern.endDate >= day)
      ? () => setPatternTarget({ kind: 'edit', pattern, effectiveFrom: day })
      : null;
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <ShiftBadges shift={shift} />
        <Title order={3} fz="h4">
          {formatZonedDay(shift.startTimestamp, tz)} · {formatTimeRange(shift.startTimestamp, shift.endTimestamp, tz)}
        </Title>
        <Text size="xs" c="dimmed">
          {t('drawer.timesIn', { zone: zoneLabel(tz, new Date(shift.startTimestamp)) })}
        </Text>
      </Stack>
      {!cancelled && (
        <ShiftActions
          shift={shift}
          canEditPattern={canEditPattern}
          onEditShift={() => setEditing({ kind: 'edit', shift })}
          onEditPattern={editPattern}
          onCancelShift={() => setCancelling(true)}
        />
      )}
      <ShiftDetails shift={shift} />
      <ShiftRatingsSection shiftId={shift.id} timezone={tz} />
      <ShiftDrawerSlotContent shift={shift} />
      <ShiftTabs shift={shift} tab={tab} onTabChange={setTab} />
      <ShiftFormModal target={editing} onClose={() => setEditing(null)} timezone={tz} />
      <ShiftPatternModal target={patternTarget} onClose={() => setPatternTarget(null)} timezone={tz} />
      <ShiftCancelModal
        shift={cancelling ? shift : null}
        timezone={tz}
        canEndPattern={can('deleteShiftPattern')}
        onClose={() => setCancelling(false)}
        onDone={(removed) => {
          setCancelling(false);
          if (removed) onClose();
        }}
      />
    </Stack>
  );
}

/**
 * A shift's drawer (right side; full width on a phone): details (client, caregiver, times in the branch's zone,
 * service, payer, authorization, status and flags, cancel reason), actions (edit this shift or this and the
 * following, cancel with a reason, send a reminder), what the page puts in its slot (ShiftDrawerSlotProvider: the
 * conversations about the visit) and tabs: timesheets, comments, changes, and pickup for an open shift.
 */
export function ShiftDrawer({ shiftId, onClose }: { shiftId: number | null; onClose: () => void }) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const { t } = useTranslation('schedule');
  return (
    <Drawer
      opened={shiftId !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'lg'}
      title={<Text fw={600}>{t('drawer.title')}</Text>}
    >
      {shiftId !== null && <ShiftDrawerBody key={shiftId} id={shiftId} onClose={onClose} />}
    </Drawer>
  );
}
