import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { EventDropArg } from '@fullcalendar/core';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import type { ShiftListItem, ShiftWarning } from '@hearth/shared/shifts/shifts.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { i18n } from '@/i18n/i18n.setup';
import { otherPartyName, type ScheduleParty } from './shift-display';
import { useShiftRefresh } from './shift-queries';
import { formatTimeRange, formatZonedDay } from './shift-time';

/** A drag or resize waiting for the user to confirm its warnings. */
interface PendingMove {
  shift: ShiftListItem;
  startTimestamp: string;
  endTimestamp: string;
  warnings: ShiftWarning[];
  revert: () => void;
}

/** Where a move puts a shift, on the calendar's clock without the zone's abbreviation: "Mon 06/01/26 9:00 AM – 1:00 PM". */
function movedTo(move: { startTimestamp: string; endTimestamp: string }, timezone: string): string {
  return `${formatZonedDay(move.startTimestamp, timezone)} ${formatTimeRange(move.startTimestamp, move.endTimestamp, timezone, 'never')}`;
}

/**
 * Moving a shift by dragging or resizing it on the calendar, with the same checks as the form: `onMove` (for
 * eventDrop and eventResize) asks updateShift for a dry run first; without warnings the move is saved, with some it
 * waits for the user in `warningsModal` (the props of a ShiftWarningsModal: "Save anyway" saves it, cancel puts the
 * event back). A refused move (a conflict) is put back with its message; every save refreshes the shift.
 */
export function useShiftMove(party: ScheduleParty, timezone: string) {
  const trpc = useTRPC();
  const refresh = useShiftRefresh();
  const update = useMutation(trpc.updateShift.mutationOptions());
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);

  const commitMove = async (move: Omit<PendingMove, 'warnings'>) => {
    try {
      await update.mutateAsync({ id: move.shift.id, startTimestamp: move.startTimestamp, endTimestamp: move.endTimestamp });
      notifications.show({ color: 'teal', message: i18n.t('move.moved', { ns: 'schedule', when: movedTo(move, timezone) }) });
    } catch (error) {
      move.revert();
      notifications.show({ color: 'red', title: i18n.t('move.notMoved', { ns: 'schedule' }), message: errorMessageOf(error) });
    } finally {
      void refresh.shift(move.shift.id);
    }
  };

  const onMove = async (info: EventDropArg | EventResizeDoneArg) => {
    const shift = info.event.extendedProps.shift as ShiftListItem;
    const start = info.event.start;
    const end = info.event.end;
    if (!start || !end) {
      info.revert();
      return;
    }
    const move = { shift, startTimestamp: start.toISOString(), endTimestamp: end.toISOString(), revert: info.revert };
    try {
      const dry = await update.mutateAsync({
        id: shift.id,
        startTimestamp: move.startTimestamp,
        endTimestamp: move.endTimestamp,
        dryRun: true,
      });
      if (dry.warnings.length > 0) setPendingMove({ ...move, warnings: dry.warnings });
      else await commitMove(move);
    } catch (error) {
      info.revert();
      notifications.show({ color: 'red', title: i18n.t('move.notMoved', { ns: 'schedule' }), message: errorMessageOf(error) });
    }
  };

  const warningsModal = {
    warnings: pendingMove?.warnings ?? null,
    what: pendingMove ? `${otherPartyName(pendingMove.shift, party)}: ${movedTo(pendingMove, timezone)}` : '',
    busy: update.isPending,
    onCancel: () => {
      pendingMove?.revert();
      setPendingMove(null);
    },
    onConfirm: () => {
      if (!pendingMove) return;
      const move = pendingMove;
      setPendingMove(null);
      void commitMove(move);
    },
  };
  return { onMove, warningsModal };
}
