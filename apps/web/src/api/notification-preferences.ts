import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreference, PreferenceChannel } from '@hearth/shared/notifications/notifications.schema';
import { errorMessageOf } from './api-error';
import { useTRPC } from './trpc';

/**
 * The caller's own channel choices per kind of notification (getMyNotificationPreferences) and a `toggle` that saves
 * one tick at once (setMyNotificationPreference): the tick shows before the answer, a refusal puts the saved choice
 * back and shows the server's message, a success shows `savedMessage`. Used by the staff and caregiver preferences
 * and by the client app's alerts, which differ only in the kinds they list.
 */
export function useNotificationPreferences(savedMessage: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const preferences = useQuery(trpc.getMyNotificationPreferences.queryOptions());
  const key = trpc.getMyNotificationPreferences.queryKey();
  const save = useMutation(
    trpc.setMyNotificationPreference.mutationOptions({
      onMutate: (input) => {
        queryClient.setQueryData(key, (rows) =>
          rows?.map((row) => (row.kind === input.kind ? { ...row, ...input, isDefault: false } : row)),
        );
      },
      onSuccess: (rows) => {
        queryClient.setQueryData(key, rows);
        notifications.show({ color: 'teal', message: savedMessage });
      },
      onError: (error) => {
        void queryClient.invalidateQueries({ queryKey: key });
        notifications.show({ color: 'red', message: errorMessageOf(error) });
      },
    }),
  );
  const toggle = (row: NotificationPreference, channel: PreferenceChannel, on: boolean) =>
    save.mutate({ kind: row.kind, push: row.push, email: row.email, sms: row.sms, [channel]: on });
  return { preferences, toggle };
}
