import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { InAppNotification } from '@hearth/shared/notifications/notifications.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { useLiveEvent } from '@/api/live-events';
import { useRefreshNotifications } from '@/components/notifications/notifications-api';
import { formatInstant } from '@/format/instant-format';

/** Alerts shown at first, and how many more each "show older" adds (getInAppNotifications allows 100 a page). */
const STEP = 20;

/**
 * The caller's alerts, newest first (getInAppNotifications, their own rows only), refreshed at once when one arrives
 * (the live 'notifications' event sendUserNotification publishes to the recipient). Unread ones stand out; tapping
 * one marks it read and opens what it links to; "mark all read". Times on the shown client's wall clock.
 * @param timeZone the shown client's branch zone (IANA)
 */
export function AlertsInbox({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('clientAppAlerts');
  const trpc = useTRPC();
  const refresh = useRefreshNotifications();
  useLiveEvent('notifications', refresh);
  const [pageSize, setPageSize] = useState(STEP);
  const list = useQuery({
    ...trpc.getInAppNotifications.queryOptions({ page: 1, pageSize }),
    placeholderData: keepPreviousData,
  });
  const markAll = useMutation(trpc.markAllNotificationsRead.mutationOptions({ onSettled: refresh }));

  if (list.isError) {
    return (
      <Alert color="red" title={t('inbox.failed')}>
        {errorMessageOf(list.error)}
      </Alert>
    );
  }
  if (!list.data) {
    return (
      <Stack gap="xs" aria-label={t('inbox.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={72} radius="md" />
        ))}
      </Stack>
    );
  }
  const { rows, totalCount } = list.data;
  if (rows.length === 0) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Text fw={500}>{t('inbox.empty')}</Text>
        <Text size="sm" c="dimmed">
          {t('inbox.emptyHint')}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      {rows.some((n) => !n.readAt) && (
        <Group justify="flex-end">
          <Button variant="subtle" size="compact-sm" onClick={() => markAll.mutate()} loading={markAll.isPending}>
            {t('inbox.markAllRead')}
          </Button>
        </Group>
      )}
      <Stack gap="xs" component="ul" aria-label={t('inbox.list')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((n) => (
          <li key={n.id}>
            <AlertItem notification={n} timeZone={timeZone} onChange={refresh} />
          </li>
        ))}
      </Stack>
      {totalCount > rows.length && pageSize < 100 && (
        <Button variant="light" onClick={() => setPageSize(Math.min(100, pageSize + STEP))} loading={list.isFetching}>
          {t('inbox.older')}
        </Button>
      )}
    </Stack>
  );
}

/** One alert: a button that marks it read and opens its link when that is another page. */
function AlertItem({
  notification: n,
  timeZone,
  onChange,
}: {
  notification: InAppNotification;
  timeZone: string;
  onChange: () => void;
}) {
  const { t } = useTranslation('clientAppAlerts');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const markRead = useMutation(trpc.markNotificationRead.mutationOptions({ onSettled: onChange }));
  const unread = !n.readAt;
  const open = () => {
    if (unread) markRead.mutate({ id: n.id });
    if (n.link?.startsWith('/') && n.link !== pathname) void navigate(n.link);
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      style={unread ? { borderLeft: '4px solid var(--mantine-color-blue-filled)' } : undefined}
    >
      <UnstyledButton onClick={open} w="100%" data-testid={`alert-${n.id}`}>
        <Stack gap={4}>
          <Group justify="space-between" align="start" gap="xs" wrap="nowrap">
            <Text fw={unread ? 700 : 500}>{n.title}</Text>
            {unread && (
              <Badge color="blue" size="sm" style={{ flexShrink: 0 }}>
                {t('inbox.unread')}
              </Badge>
            )}
          </Group>
          <Text size="sm">{n.body}</Text>
          <Text size="xs" c="dimmed">
            {formatInstant(n.createdAt, timeZone)}
          </Text>
        </Stack>
      </UnstyledButton>
    </Paper>
  );
}
