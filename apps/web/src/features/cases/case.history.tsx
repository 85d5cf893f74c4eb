import { Alert, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/api/api-error';
import { useUserTimeZone } from '@/api/display-zone';
import { useTRPC } from '@/api/trpc';
import { formatInstant } from '@/format/instant-format';

/** The case's history (cases.history): every change of the case, its comments, modules and attachments, newest last. */
export function CaseHistory({ caseId }: { caseId: number }) {
  const { t } = useTranslation('cases');
  const zone = useUserTimeZone();
  const trpc = useTRPC();
  const history = useQuery(trpc.cases.history.queryOptions({ id: caseId }));
  const shown = (value: string | null) => value ?? t('history.empty');
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('history.title')}
        </Title>
        {history.isPending && <Loader size="xs" />}
        {history.isError && (
          <Alert color="red" variant="light">
            {errorMessageOf(history.error)}
          </Alert>
        )}
        {history.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('history.none')}
          </Text>
        )}
        {history.data && history.data.length > 0 && (
          <Table fz="xs" verticalSpacing={4} aria-label={t('history.title')}>
            <Table.Tbody>
              {history.data.map((entry, index) => (
                <Table.Tr key={`${entry.at}:${index}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(entry.at, zone)}</Table.Td>
                  <Table.Td>{entry.who ?? t('history.system')}</Table.Td>
                  <Table.Td>
                    {t(`history.what.${entry.what}`)} {t(`history.operation.${entry.operation}`)}
                  </Table.Td>
                  <Table.Td>
                    {entry.changes.map((c) => (
                      <Text key={c.field} size="xs">
                        {t('history.change', { field: c.field, from: shown(c.from), to: shown(c.to) })}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
