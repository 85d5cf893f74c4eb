import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, type MutationFunction } from '@tanstack/react-query';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/api/api-error';

/** A send-login-link procedure as the tRPC helpers give it (trpc.sendClientLoginLink), seen through its options. */
interface SendLinkProcedure<Input> {
  mutationOptions(opts: { onSuccess: (sent: { recipient: string }) => void; onError: (error: unknown) => void }): {
    mutationFn?: MutationFunction<{ recipient: string }, Input>;
  };
}

/**
 * "Send login link": sends a one-time sign-in link (through the notifier; /mocks shows the outbox) with `input`,
 * then says to whom ("Login link sent to ...") or why not, and runs `onSent` (e.g. to refresh the account state).
 * `size` and `variant` fit the place it stands in: a page header, a section header or a table row.
 */
export function SendLoginLinkButton<Input>(props: {
  procedure: SendLinkProcedure<Input>;
  input: Input;
  onSent?: () => void;
  size: ButtonProps['size'];
  variant: ButtonProps['variant'];
  iconSize: number;
  'aria-label'?: string;
}) {
  const { procedure, input, onSent, size, variant, iconSize } = props;
  const { t } = useTranslation('records');
  const send = useMutation(
    procedure.mutationOptions({
      onSuccess: (sent) => {
        onSent?.();
        notifications.show({ color: 'teal', message: t('sendLink.sent', { recipient: sent.recipient }) });
      },
      onError: (error) => notifications.show({ color: 'red', title: t('sendLink.failed'), message: errorMessageOf(error) }),
    }),
  );
  return (
    <Button
      size={size}
      variant={variant}
      leftSection={<IconMailForward size={iconSize} />}
      loading={send.isPending}
      onClick={() => send.mutate(input)}
      aria-label={props['aria-label']}
    >
      {t('sendLink.button')}
    </Button>
  );
}
