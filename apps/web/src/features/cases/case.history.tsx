import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CaseHistoryEntry } from '@hearth/shared/cases/cases.schema';
import { errorMessageOf } from '@/api/api-error';
import { useUserTimeZone } from '@/api/display-zone';
import { useTRPC } from '@/api/trpc';
import { formatInstant } from '@/format/instant-format';

/** Instants as the audit log writes them (PostgreSQL's JSON: "2026-11-27T09:03:30.839+00:00") or as ISO (...Z). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A changed value for people: a status, priority or file status in the shown language, an instant (a deadline met,
 * a visit's start) on the reader's clock, anything else (titles, names, reasons) as it is.
 */
function historyValue(args: {
  what: CaseHistoryEntry['what'];
  field: string;
  value: string;
  zone: string;
  t: TFunction<'cases'>;
}) {
  const { what, field, value, zone, t } = args;
  if (field === 'status' && what === 'case') return t(`status.${value}`, { defaultValue: value });
  if (field === 'status' && what === 'module') return t(`formStatus.${value}`, { defaultValue: value });
  if (field === 'status' && what === 'attachment') return t(`history.fileStatus.${value}`, { defaultValue: value });
  if (field === 'priority') return t(`priority.${value}`, { defaultValue: value });
  return INSTANT.test(value) ? formatInstant(value, zone) : value;
}

/** The case's history (cases.history): every change of the case, its comments, modules and attachments, newest last. */
export function CaseHistory({ caseId }: { caseId: number }) {
  const { t } = useTranslation('cases');
  const zone = useUserTimeZone();
  const trpc = useTRPC();
  const history = useQuery(trpc.cases.history.queryOptions({ id: caseId }));
  const shown = (entry: CaseHistoryEntry, field: string, value: string | null) =>
    value === null ? t('history.empty') : historyValue({ what: entry.what, field, value, zone, t });
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
                    {t('history.change', {
                      field: t(`history.field.${c.field}`, { defaultValue: c.field }),
                      from: shown(entry, c.field, c.from),
                      to: shown(entry, c.field, c.to),
                    })}
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
