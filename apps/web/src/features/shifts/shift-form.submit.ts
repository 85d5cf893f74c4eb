import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { CreateShiftInput, ShiftOutput, ShiftWarning, UpdateShiftInput } from '@hearth/shared/shifts/shifts.schema';
import { useTRPC } from '@/api/trpc';
import { i18n } from '@/i18n/i18n.setup';
import { useShiftRefresh } from './shift-queries';

/** What the shift form sends: an update carries the shift's id, a create its client. */
export type ShiftPayload = CreateShiftInput | UpdateShiftInput;

/**
 * The save of the shift form (createShift / updateShift): a dry run first, whose warnings are kept (with the payload
 * they were about) for the user to confirm; the same payload submitted again saves for real (issue item 3). A
 * conflict (409) or a refused field goes to `onSaveError` and forgets the warnings. After a save: a notification,
 * the shift's queries refreshed, `onSaved` with the saved shift, then `onDone`.
 *
 * Returns `submit(payload)`, `pending`, the `warnings` to show (or null) and `submitLabel(payload)`: "Save anyway"
 * while the warnings are about that payload, else "Save shift" or "Create shift".
 */
export function useShiftFormSubmit(options: {
  shift: ShiftOutput | null;
  onSaveError: (error: unknown) => void;
  onDone: () => void;
  onSaved?: (shift: ShiftOutput) => void;
}) {
  const { shift, onSaveError, onDone, onSaved } = options;
  const trpc = useTRPC();
  const refresh = useShiftRefresh();
  const create = useMutation(trpc.createShift.mutationOptions());
  const update = useMutation(trpc.updateShift.mutationOptions());
  const [warned, setWarned] = useState<{ key: string; warnings: ShiftWarning[] } | null>(null);

  const save = async (payload: ShiftPayload, dryRun: boolean) =>
    'id' in payload
      ? update.mutateAsync({ ...(payload as UpdateShiftInput), dryRun })
      : create.mutateAsync({ ...(payload as CreateShiftInput), dryRun });

  const submit = async (payload: ShiftPayload) => {
    const key = JSON.stringify(payload);
    try {
      if (warned?.key !== key) {
        const dry = await save(payload, true);
        if (dry.warnings.length > 0) {
          setWarned({ key, warnings: dry.warnings });
          return;
        }
      }
      const saved = await save(payload, false);
      notifications.show({ color: 'teal', message: i18n.t(shift ? 'form.saved' : 'form.created', { ns: 'schedule' }) });
      if (shift) void refresh.shift(shift.id);
      else void refresh.shifts();
      if (saved.shift) onSaved?.(saved.shift);
      onDone();
    } catch (error) {
      setWarned(null);
      onSaveError(error);
    }
  };

  return {
    submit,
    pending: create.isPending || update.isPending,
    warnings: warned?.warnings ?? null,
    submitLabel: (payload: ShiftPayload) =>
      i18n.t(
        warned && warned.key === JSON.stringify(payload) ? 'form.saveAnyway' : shift ? 'form.saveShift' : 'form.createShift',
        { ns: 'schedule' },
      ),
  };
}
