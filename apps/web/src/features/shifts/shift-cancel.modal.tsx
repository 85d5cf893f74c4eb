import { useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShiftOutput } from '@hearth/shared/shifts/shifts.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { formatDate } from '@/format/date-format';
import { useShiftRefresh } from './shift-queries';
import { localParts } from './shift-time';

/**
 * The two ways to take a shift off the schedule, each announcing itself and refreshing what it changed:
 * `cancelOne` (deleteShift {id, reason}; `onDone(true)` when the shift was deleted outright, false when it is kept as
 * cancelled) and `endPattern` (deleteShiftPattern {id, effectiveFrom}: no visits of the pattern from `day`, the
 * shift's local date; `onDone(true)`).
 */
function useCancelShift(shift: ShiftOutput, day: string, onDone: (removed: boolean) => void) {
  const trpc = useTRPC();
  const { t } = useTranslation('schedule');
  const refresh = useShiftRefresh();
  const cancelOne = useMutation(
    trpc.deleteShift.mutationOptions({
      onSuccess: (result) => {
        notifications.show({ color: 'teal', message: result.cancelled ? t('cancel.cancelled') : t('cancel.deleted') });
        void refresh.shift(shift.id);
        onDone(!result.cancelled);
      },
    }),
  );
  const endPattern = useMutation(
    trpc.deleteShiftPattern.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('cancel.patternEnded', { date: formatDate(day) }) });
        void refresh.patterns(shift.clientId);
        void refresh.shift(shift.id);
        onDone(true);
      },
    }),
  );
  return { cancelOne, endPattern };
}

/**
 * Cancels one shift (deleteShift {id, reason}: a shift no caregiver has seen is deleted outright, otherwise it is
 * cancelled and the reason is required), or, for a shift of a recurring pattern, ends the pattern from this
 * shift's day on (deleteShiftPattern {id, effectiveFrom}).
 */
function CancelForm(props: {
  shift: ShiftOutput;
  timezone: string;
  canEndPattern: boolean;
  onDone: (removed: boolean) => void;
  onCancel: () => void;
}) {
  const { shift, timezone, canEndPattern, onDone, onCancel } = props;
  const { t } = useTranslation('schedule');
  const [scope, setScope] = useState<'one' | 'following'>('one');
  const [reason, setReason] = useState('');
  const day = localParts(shift.startTimestamp, timezone).date;
  const seen = shift.caregiverId !== null;
  const { cancelOne, endPattern } = useCancelShift(shift, day, onDone);
  const error = cancelOne.error ?? endPattern.error;
  const following = scope === 'following' && shift.patternId !== null;
  const reasonMissing = !following && seen && reason.trim() === '';
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (reasonMissing) return;
        if (following) endPattern.mutate({ id: shift.patternId!, effectiveFrom: day });
        else cancelOne.mutate({ id: shift.id, reason: reason.trim() === '' ? null : reason.trim() });
      }}
    >
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert" variant="light">
            {errorMessageOf(error)}
          </Alert>
        )}
        {shift.patternId !== null && canEndPattern && (
          <SegmentedControl
            fullWidth
            size="xs"
            aria-label={t('cancel.whichVisits')}
            value={scope}
            onChange={(value) => setScope(value as 'one' | 'following')}
            data={[
              { value: 'one', label: t('cancel.thisShift') },
              { value: 'following', label: t('cancel.thisAndFollowing') },
            ]}
          />
        )}
        {following ? (
          <Text size="sm">{t('cancel.followingText', { date: formatDate(day) })}</Text>
        ) : (
          <>
            <Text size="sm">{seen ? t('cancel.seenText') : t('cancel.unseenText')}</Text>
            <Textarea
              label={t('cancel.reason')}
              required={seen}
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              description={seen ? t('cancel.reasonHelp') : undefined}
            />
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="xs" onClick={onCancel}>
            {t('cancel.keep')}
          </Button>
          <Button
            type="submit"
            size="xs"
            color="red"
            disabled={reasonMissing}
            loading={cancelOne.isPending || endPattern.isPending}
          >
            {following ? t('cancel.endPattern') : t('cancel.cancelShift')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The cancel step of a shift, as a modal over the drawer. `onDone(removed)`: whether the shift is gone. */
export function ShiftCancelModal(props: {
  shift: ShiftOutput | null;
  timezone: string;
  canEndPattern: boolean;
  onClose: () => void;
  onDone: (removed: boolean) => void;
}) {
  const { shift, timezone, canEndPattern, onClose, onDone } = props;
  const { t } = useTranslation('schedule');
  return (
    <Modal opened={shift !== null} onClose={onClose} title={t('cancel.title')} size="md">
      {shift && <CancelForm shift={shift} timezone={timezone} canEndPattern={canEndPattern} onDone={onDone} onCancel={onClose} />}
    </Modal>
  );
}
