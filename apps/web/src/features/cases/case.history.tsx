import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
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
          // A list rather than a table: the history sits in the page's narrow column, and each entry's changes wrap.
          <Stack component="ol" gap="xs" aria-label={t('history.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {history.data.map((entry, index) => (
              <li key={`${entry.at}:${index}`}>
                <Text size="xs" fw={600}>
                  {t(`history.what.${entry.what}`)} {t(`history.operation.${entry.operation}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatInstant(entry.at, zone)} · {entry.who ?? t('history.system')}
                </Text>
                {entry.changes.map((c) => (
                  <Text key={c.field} size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {t('history.change', { field: c.field, from: shown(c.from), to: shown(c.to) })}
                  </Text>
                ))}
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
