import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/current-user';
import { useTRPC } from '@/api/trpc';

/**
 * Ends impersonation; shown only while impersonating (spec "Navigation chrome"). Everything cached is reloaded.
 * @param label the button's text when given (the phone apps pass it in the user's language), else the staff
 *   portal's "Stop impersonating"
 */
export function StopImpersonatingButton({ label }: { label?: string }) {
  const { t } = useTranslation('shell');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const currentUser = useCurrentUser();
  const stop = useMutation(
    trpc.users.stopImpersonatingUser.mutationOptions({
      // Every cached answer was computed for the impersonated user: drop it all (not just mark it stale, which would
      // show it again while refetching) and refetch what is on screen, starting with the current user.
      onSuccess: () => queryClient.resetQueries(),
      onError: (error) =>
        notifications.show({ color: 'red', title: t('header.stopImpersonatingFailed'), message: error.message }),
    }),
  );
  if (currentUser.data?.impersonatedUserId == null) return null;
  return (
    <Button
      size="compact-xs"
      color="orange"
      variant="light"
      leftSection={<IconUserOff size={14} />}
      loading={stop.isPending}
      onClick={() => stop.mutate()}
    >
      {label ?? t('header.stopImpersonating')}
    </Button>
  );
}
