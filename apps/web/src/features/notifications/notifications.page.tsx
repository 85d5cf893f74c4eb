import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Pagination, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS, type NotificationKind } from '@hearth/shared/notifications/notifications.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { useNotificationStatus, useRefreshNotifications } from '@/components/notifications/notifications-api';
import { NotificationList } from './notification-list';
import { NotificationPreferencesPanel } from './notification-preferences.panel';

const PAGE_SIZE = 20;

/**
 * /notifications (spec "Home, map, notifications, chat, mocks"; issue 21 item 2): the signed-in user's notifications,
 * newest first, filtered to unread ones or one kind; opening one follows its link and marks it read; "Mark all read".
 * Opening the page marks everything received so far as seen, which puts the menu's red dot out; a notification that
 * arrives while it is open is seen at once. A second tab chooses where each kind reaches the user (push, email, SMS).
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const trpc = useTRPC();
  const refresh = useRefreshNotifications();
  const newestUnseen = useNotificationStatus().data?.newestUnseen;
  const { mutate: markSeen } = useMutation(trpc.markNotificationsSeen.mutationOptions({ onSuccess: refresh }));
  useEffect(() => {
    if (newestUnseen !== false) markSeen();
  }, [newestUnseen, markSeen]);

  return (
    <Stack gap="md">
      <Title order={2}>{t('page.title')}</Title>
      <Tabs defaultValue="inbox" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="inbox">{t('page.inboxTab')}</Tabs.Tab>
          <Tabs.Tab value="settings">{t('page.settingsTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="inbox" pt="md">
          <InboxPanel />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <NotificationPreferencesPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The list with its filters (kind, unread only), "Mark all read" and paging. */
function InboxPanel() {
  const { t } = useTranslation('notifications');
  const trpc = useTRPC();
  const refresh = useRefreshNotifications();
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [kind, setKind] = useState<NotificationKind | null>(null);
  const list = useQuery({
    ...trpc.getInAppNotifications.queryOptions({ page, pageSize: PAGE_SIZE, unreadOnly, kind: kind ?? undefined }),
    placeholderData: keepPreviousData,
  });
  const markAll = useMutation(
    trpc.markAllNotificationsRead.mutationOptions({
      onSuccess: ({ updated }) => {
        refresh();
        notifications.show({ color: 'teal', message: t('page.markedAllRead', { count: updated }) });
      },
      onError: (error) => notifications.show({ color: 'red', message: errorMessageOf(error) }),
    }),
  );
  const data = list.data;
  const kindOptions = NOTIFICATION_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}.label`) }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <Group align="end">
          <Select
            label={t('page.kind')}
            placeholder={t('page.allKinds')}
            data={kindOptions}
            value={kind}
            onChange={(value) => {
              setKind(value as NotificationKind | null);
              setPage(1);
            }}
            clearable
            w={260}
          />
          <Checkbox
            label={t('page.unreadOnly')}
            checked={unreadOnly}
            onChange={(event) => {
              setUnreadOnly(event.currentTarget.checked);
              setPage(1);
            }}
            mb={8}
          />
        </Group>
        <Button variant="light" onClick={() => markAll.mutate()} loading={markAll.isPending}>
          {t('page.markAllRead')}
        </Button>
      </Group>
      {list.isError && (
        <Alert color="red" title={t('page.loadFailed')}>
          {errorMessageOf(list.error)}
        </Alert>
      )}
      <NotificationList
        rows={data?.rows}
        pending={list.isPending}
        emptyText={unreadOnly ? t('page.emptyUnread') : t('page.empty')}
      />
      {data && data.totalPages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('page.pageOf', { page: data.page, total: data.totalPages })}
          </Text>
          <Pagination
            size="sm"
            total={data.totalPages}
            value={data.page}
            onChange={setPage}
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': t('page.previous') }
                : control === 'next'
                  ? { 'aria-label': t('page.next') }
                  : {}
            }
          />
        </Group>
      )}
    </Stack>
  );
}
