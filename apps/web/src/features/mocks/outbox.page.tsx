import { useState } from 'react';
import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { useUserTimeZone } from '@/api/display-zone';
import { OutboxTable } from './outbox.table';
import { LabelledPagination } from '@/components/pagination/labelled-pagination';

const PAGE_SIZE = 50;

/**
 * /mocks: the outbox, newest first. Every email, SMS and push the app sends (login links among them) is written here
 * first, with where it stands: kept here when its channel has no delivery configured (a laptop), else queued, sent,
 * or failed with the reason. A sign-in link shows that it was sent, its token hidden (nobody may sign in as the
 * recipient from here); texted codes are hidden too, except to system level while they stay in the outbox.
 */
export function OutboxPage() {
  const { t } = useTranslation('finance');
  const { t: tOutbox } = useTranslation('outbox');
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const timeZone = useUserTimeZone();
  const outbox = useQuery({
    ...trpc.getOutbox.queryOptions({ page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
  const data = outbox.data;

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('outbox.title')}</Title>
        <Text size="sm" c="dimmed">
          {tOutbox('intro')}
        </Text>
      </div>
      {outbox.isError && <Alert color="red">{errorMessageOf(outbox.error)}</Alert>}
      <Paper withBorder radius="md">
        <OutboxTable rows={data?.rows} pending={outbox.isPending} timeZone={timeZone} />
      </Paper>
      {data && data.totalPages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('outbox.count', { count: data.totalCount })}
          </Text>
          <LabelledPagination size="sm" total={data.totalPages} value={data.page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
