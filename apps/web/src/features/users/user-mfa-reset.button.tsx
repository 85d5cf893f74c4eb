import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { IconShieldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAllowedActions } from '@/api/allowed-actions';
import { useCurrentUser } from '@/api/current-user';
import { useTRPC } from '@/api/trpc';
import { ConfirmPopover } from '@/components/confirm/confirm-popover';

/**
 * Resets a user's two-step verification (resetUserMfa, issue 20: a lost phone): asks first, because the user's
 * sessions end and they must enrol again at their next sign-in. Offered to roles with resetUserMfa, on users they
 * may manage, never on oneself (the footer's Authenticator button is one's own way); the server checks the same.
 */
export function UserMfaResetButton({ userId, name }: { userId: number; name: string }) {
  const trpc = useTRPC();
  const { can } = useAllowedActions();
  const me = useCurrentUser().data;
  const { t } = useTranslation('admin');
  const [opened, setOpened] = useState(false);
  const reset = useMutation(
    trpc.resetUserMfa.mutationOptions({
      onSuccess: () => {
        setOpened(false);
        notifications.show({ color: 'teal', message: t('users.mfaReset.done', { name }) });
      },
      onError: (error) => notifications.show({ color: 'red', title: t('users.mfaReset.failed'), message: error.message }),
    }),
  );
  if (!can('resetUserMfa') || !me || me.id === userId) return null;
  return (
    <ConfirmPopover
      opened={opened}
      onChange={setOpened}
      maw={320}
      question={t('users.mfaReset.question', { name })}
      confirmLabel={t('users.mfaReset.confirm')}
      busy={reset.isPending}
      onConfirm={() => reset.mutate({ userId })}
      target={
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconShieldOff size={14} />}
          onClick={() => setOpened((o) => !o)}
        >
          {t('users.mfaReset.button')}
        </Button>
      }
    />
  );
}
