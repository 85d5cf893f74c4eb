import { Badge, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CareSheetPdfDetails } from '@hearth/shared/care-sheets/care-sheets.schema';
import { useCarePlanTaskLabel } from './care-plan-task';
import { visitClock, visitDay, visitHours } from './visit-format';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {children}
      </Text>
    </Group>
  );
}

function Drawing({ label, image }: { label: string; image: string }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {/* White behind the dark ink, as on paper, in both colour schemes. */}
      <Paper withBorder radius="sm" bg="white" p={4}>
        <Image src={image} alt={label} h={120} fit="contain" />
      </Paper>
    </Stack>
  );
}

/**
 * A care sheet read-only, as its PDF shows it (getCareSheetPDFDetails; spec "a care-sheet PDF view"): the visit,
 * every care plan task done or not done, the comment, transportation, and the signatures or initials (or why the
 * client could not sign). Times are on the wall clock of the visit's zone.
 */
export function CareSheetDetails({ sheet }: { sheet: CareSheetPdfDetails }) {
  const { t } = useTranslation();
  const taskLabel = useCarePlanTaskLabel();
  const zone = sheet.timezone;
  const tasks = [...sheet.tasks, ...sheet.completed_tasks.filter((task) => !sheet.tasks.includes(task))];
  const done = new Set(sheet.completed_tasks);
  const clientDrawing = sheet.client_signature ?? sheet.client_initials;
  const caregiverDrawing = sheet.caregiver_signature ?? sheet.caregiver_initials;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <Text fw={600} size="lg">
            {sheet.clientName}
          </Text>
          <Row label={t('sheet.visit')}>
            {visitDay(sheet.startTimestamp, zone)}, {visitHours(sheet.startTimestamp, sheet.endTimestamp, zone)}
          </Row>
          <Row label={t('sheet.checkedInOut')}>
            {sheet.checkIn ? visitClock(sheet.checkIn, zone) : '—'} / {sheet.checkOut ? visitClock(sheet.checkOut, zone) : '—'}
          </Row>
          {sheet.serviceCode && <Row label={t('sheet.service')}>{sheet.serviceCode}</Row>}
          <Row label={t('sheet.caregiver')}>{sheet.caregiverName}</Row>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Text fw={600}>{t('sheet.tasks')}</Text>
          {tasks.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('sheet.noTasks')}
            </Text>
          )}
          {tasks.map((task) => (
            <Group key={task} justify="space-between" wrap="nowrap">
              <Group gap={6} wrap="nowrap">
                {done.has(task) ? (
                  <IconCircleCheck size={18} color="var(--mantine-color-teal-filled)" />
                ) : (
                  <IconCircleDashed size={18} color="var(--mantine-color-dimmed)" />
                )}
                <Text size="sm">{taskLabel(task)}</Text>
              </Group>
              <Badge size="sm" variant="light" color={done.has(task) ? 'teal' : 'gray'}>
                {done.has(task) ? t('sheet.done') : t('sheet.notDone')}
              </Badge>
            </Group>
          ))}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <Text fw={600}>{t('sheet.commentSection')}</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={sheet.caregiver_comment ? undefined : 'dimmed'}>
            {sheet.caregiver_comment ?? t('sheet.noComment')}
          </Text>
          <Row label={t('sheet.miles')}>{sheet.transportation_data ? sheet.transportation_data.miles : '—'}</Row>
          <Row label={t('sheet.trips')}>{sheet.transportation_data ? sheet.transportation_data.trips : '—'}</Row>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text fw={600}>{t('sheet.signatures')}</Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {clientDrawing ? (
              <Drawing
                label={sheet.client_signature ? t('sheet.clientSignature') : t('sheet.clientInitials')}
                image={clientDrawing}
              />
            ) : (
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  {t('sheet.client')}
                </Text>
                <Text size="sm">
                  {sheet.client_unable_to_sign_reason
                    ? t('sheet.unableToSign', { reason: sheet.client_unable_to_sign_reason })
                    : t('sheet.notSigned')}
                </Text>
              </Stack>
            )}
            {caregiverDrawing ? (
              <Drawing
                label={sheet.caregiver_signature ? t('sheet.caregiverSignature') : t('sheet.caregiverInitials')}
                image={caregiverDrawing}
              />
            ) : (
              <Text size="sm">{t('sheet.caregiverNotSigned')}</Text>
            )}
          </SimpleGrid>
        </Stack>
      </Paper>
    </Stack>
  );
}
