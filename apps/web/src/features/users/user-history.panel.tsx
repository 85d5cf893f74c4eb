import { useState } from 'react';
import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserHistoryEntry } from '@hearth/shared/users/users.schema';
import { restJson } from '@/api/rest';
import { shouldRetry } from '@/api/query-client';
import { formatInstant } from '@/format/instant-format';
import { useUserTimeZone } from '@/api/display-zone';
import { describeChanges, tableLabel } from './user-history.format';
import { LabelledPagination } from '@/components/pagination/labelled-pagination';

const PAGE_SIZE = 50;

interface HistoryPage {
  history: UserHistoryEntry[];
  totalCount: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

/** Query key prefix of a user's history, so a save can refresh every page of it. */
export const userHistoryKey = (userId: number) => ['userHistory', userId] as const;

const OPERATION_COLORS = { INSERT: 'teal', UPDATE: 'blue', DELETE: 'red' } as const;

/** The change history of one user (GET /users/{id}/history), newest first, 50 per page. */
export function UserHistoryPanel({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  // A user's history spans their branches: it reads in the signed-in user's own zone.
  const timeZone = useUserTimeZone();
  // The changes are worded by i18n.t; this subscription re-renders them when the language changes.
  const { t } = useTranslation(['admin', 'common']);
  const history = useQuery({
    queryKey: [...userHistoryKey(userId), page],
    queryFn: () => restJson<HistoryPage>('GET', `/users/${userId}/history?page=${page}&pageSize=${PAGE_SIZE}`),
    placeholderData: keepPreviousData,
    // Spec section 9: the history query is retried once.
    retry: (failureCount, error) => failureCount < 1 && shouldRetry(failureCount, error),
  });

  return (
    <Stack gap="sm">
      <Title order={3}>{t('history.title')}</Title>
      {history.isError && <Alert color="red">{history.error.message}</Alert>}
      <Paper withBorder radius="md">
        <Table.ScrollContainer type="native" minWidth={760}>
          <Table verticalSpacing="xs" fz="xs" striped aria-label={t('history.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={140}>{t('history.when')}</Table.Th>
                <Table.Th w={90}>{t('history.operation')}</Table.Th>
                <Table.Th>{t('history.table')}</Table.Th>
                <Table.Th>{t('history.changedBy')}</Table.Th>
                <Table.Th>{t('common:fields.branch')}</Table.Th>
                <Table.Th>{t('history.changes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data?.history.map((entry, index) => (
                <Table.Tr key={`${entry.createdAt}-${index}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(entry.createdAt, timeZone)}</Table.Td>
                  <Table.Td>
                    <Badge size="xs" variant="light" color={OPERATION_COLORS[entry.operation]}>
                      {t(`history.operations.${entry.operation}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td title={entry.tableName}>{tableLabel(entry.tableName)}</Table.Td>
                  <Table.Td>{entry.changerName ?? '—'}</Table.Td>
                  <Table.Td>{entry.branchName ?? '—'}</Table.Td>
                  <Table.Td>
                    {describeChanges(entry).map((change) => (
                      <Text key={change} inherit style={{ wordBreak: 'break-word' }}>
                        {change}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
              {history.data?.history.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed" ta="center" py="md">
                      {t('history.none')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {history.data && history.data.totalPages > 1 && (
        <Group justify="flex-end">
          <LabelledPagination size="sm" total={history.data.totalPages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
