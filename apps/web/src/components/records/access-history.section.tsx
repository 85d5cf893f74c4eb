import { Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import type { RecordAccessEntry } from '@hearth/shared/access-log/access-log.schema';
import { useTRPC } from '@/api/trpc';
import { SectionCard } from './section-card';

/** How many entries the section shows at first and adds per "Show older entries". */
const PAGE_SIZE = 20;

/** Who did it: the signed-in user, "as" the impersonated one while impersonating. */
function whoOf(entry: RecordAccessEntry, t: TFunction<'accessLog'>): string {
  const user = entry.userName ?? t('history.unknownUser');
  return entry.impersonatedName ? t('history.actingAs', { user, target: entry.impersonatedName }) : user;
}

/**
 * A client's or caregiver's own access history on their profile (issue 20 item 4): who read the record, opened
 * its files or changed it, newest first (getRecordAccessHistory). The profile shows it only to roles holding the
 * action (Company Admin and system level by default); the server checks the role and the record's scope again.
 */
export function AccessHistorySection({ recordType, id }: { recordType: 'client' | 'caregiver'; id: number }) {
  const { t, i18n } = useTranslation('accessLog');
  const trpc = useTRPC();
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const history = useQuery(trpc.getRecordAccessHistory.queryOptions({ recordType, id, page: 1, pageSize }));
  const rows = history.data?.rows ?? [];
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <SectionCard
      title={t('history.title')}
      loadingLabel={t('history.loading')}
      loading={history.isPending}
      error={history.error}
      empty={rows.length === 0 && t('history.empty')}
      actions={
        history.data && (
          <Text size="xs" c="dimmed">
            {t('history.count', { count: history.data.totalCount })}
          </Text>
        )
      }
    >
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.when')}</Table.Th>
                <Table.Th>{t('history.who')}</Table.Th>
                <Table.Th>{t('history.what')}</Table.Th>
                <Table.Th>{t('history.detail')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{when.format(new Date(entry.at))}</Table.Td>
                  <Table.Td>{whoOf(entry, t)}</Table.Td>
                  <Table.Td>{t(`actions.${entry.action}`)}</Table.Td>
                  <Table.Td>{entry.detail}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {history.data && history.data.totalCount > rows.length && pageSize < 100 && (
        <Button variant="subtle" size="xs" mt="xs" onClick={() => setPageSize(100)}>
          {t('history.more')}
        </Button>
      )}
    </SectionCard>
  );
}
