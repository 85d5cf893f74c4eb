import { Badge, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { InAppNotification } from '@hearth/shared/notifications/notifications.schema';
import { useTRPC } from '@/api/trpc';
import { useUserTimeZone } from '@/api/display-zone';
import { formatInstant } from '@/format/instant-format';
import { useRefreshNotifications } from '@/components/notifications/notifications-api';
import classes from './notification-list.module.css';

/**
 * The notifications of one page as a list, newest first: each a button that marks it read and opens its link (an app
 * path). Unread ones are marked with a badge and a bold title. Skeletons while `pending`; `emptyText` for none.
 */
export function NotificationList(props: { rows: InAppNotification[] | undefined; pending: boolean; emptyText: string }) {
  const { rows, pending, emptyText } = props;
  const { t } = useTranslation('notifications');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const refresh = useRefreshNotifications();
  const timeZone = useUserTimeZone();
  const markRead = useMutation(trpc.markNotificationRead.mutationOptions({ onSettled: refresh }));

  if (pending && !rows) {
    return (
      <Stack gap="xs" aria-label={t('page.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={72} radius="md" />
        ))}
      </Stack>
    );
  }
  if (!rows?.length) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText}
      </Text>
    );
  }

  const open = (n: InAppNotification) => {
    if (!n.readAt) markRead.mutate({ id: n.id });
    if (n.link?.startsWith('/')) void navigate(n.link);
  };

  return (
    <Stack gap="xs" component="ul" className={classes.list} aria-label={t('page.title')}>
      {rows.map((n) => (
        <li key={n.id}>
          <Paper withBorder radius="md" className={classes.item} data-unread={!n.readAt || undefined}>
            <UnstyledButton className={classes.button} onClick={() => open(n)} data-testid={`notification-${n.id}`}>
              <Stack gap={4}>
                <Group justify="space-between" align="start" gap="xs">
                  <Text fw={n.readAt ? 500 : 700}>{n.title}</Text>
                  <Group gap={6}>
                    <Badge variant="light" color="gray" size="sm">
                      {t(`kinds.${n.kind}.label`)}
                    </Badge>
                    {!n.readAt && (
                      <Badge color="red" size="sm">
                        {t('page.unread')}
                      </Badge>
                    )}
                  </Group>
                </Group>
                <Text size="sm">{n.body}</Text>
                <Text size="xs" c="dimmed">
                  {t('page.receivedAt', { when: formatInstant(n.createdAt, timeZone) })}
                </Text>
              </Stack>
            </UnstyledButton>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
