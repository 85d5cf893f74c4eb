import { Alert, Badge, Card, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconChevronRight, IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CareSheetListItem } from '@hearth/shared/care-sheets/care-sheets.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { visitClock, visitDay } from './visit-format';

function SheetCard({ sheet }: { sheet: CareSheetListItem }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      component={Link}
      to={`/app/care-sheets/${sheet.care_sheet_id}/review`}
      aria-label={t('careSheets.cardLabel', { client: sheet.clientName, day: visitDay(sheet.startTimestamp, sheet.timezone) })}
    >
      <Card withBorder radius="md" padding="sm">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {sheet.clientName}
            </Text>
            <Text size="sm" c="dimmed">
              {visitDay(sheet.startTimestamp, sheet.timezone)} · {visitClock(sheet.startTimestamp, sheet.timezone)}
            </Text>
            <Group gap={6} mt={2}>
              <Badge size="sm" variant="light" color={sheet.submittedAt ? 'blue' : 'orange'}>
                {sheet.submittedAt ? t('careSheets.submitted') : t('careSheets.notFinished')}
              </Badge>
              {sheet.reviewedAt && (
                <Badge size="sm" variant="light" color="teal">
                  {t('careSheets.reviewed')}
                </Badge>
              )}
            </Group>
          </Stack>
          <IconChevronRight size={18} color="var(--mantine-color-dimmed)" />
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/**
 * /app/care-sheets (issue item 5): the caregiver's care sheets, newest visit first (listMyCareSheets), each with
 * its visit day and time in the visit's zone, the client, and whether it was submitted and reviewed; a card opens
 * its review.
 */
export function CareSheetsPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const sheets = useQuery(trpc.listMyCareSheets.queryOptions());
  return (
    <Stack gap="md">
      <Title order={3}>{t('careSheets.title')}</Title>
      {sheets.isPending && <Loader size="sm" aria-label={t('careSheets.loading')} />}
      {sheets.isError && <Alert color="red">{errorMessageOf(sheets.error)}</Alert>}
      {sheets.data?.length === 0 && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap={4} align="center" ta="center">
            <IconFileText size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
            <Text fw={500}>{t('careSheets.none')}</Text>
            <Text size="sm" c="dimmed">
              {t('careSheets.noneHint')}
            </Text>
          </Stack>
        </Card>
      )}
      <Stack gap="sm">
        {sheets.data?.map((sheet) => (
          <SheetCard key={sheet.care_sheet_id} sheet={sheet} />
        ))}
      </Stack>
    </Stack>
  );
}
