import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, List, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconFileTypePdf, IconMinus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ClientAppClient } from '@hearth/shared/client-app/client-app.schema';
import type { ClientAppVisitDetail } from '@hearth/shared/client-app/client-app-visits.schema';
import { httpStatusOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { formatInstant, formatInstantRange } from '@/format/instant-format';
import { ClientAppFrame } from '../client-app.frame';
import { CLIENT_APP } from '../client-app.shell';
import { CaregiverAvatar, LIVE_GREEN, STATUS_COLORS, useLiveLine } from '../client-app-visits.card';
import { useVisitsLive } from '../client-app-visits.live';
import { downloadCareSheet } from './visit-pdf';
import { VisitRating } from './visit-rating';

/**
 * /client-mobile-app/visits/{shiftId} (issue "client and family app" items 1 and 2): one visit of the shown client:
 * its times and live status (refreshed by live events), the caregiver and the service; with the careNotes
 * permission the tasks done, the caregiver's comment and the care sheet PDF; and the caller's rating once it took
 * place. Needs the schedule permission; a visit of another client is a 404 and says so.
 */
export function ClientVisitPage() {
  const { t } = useTranslation('clientAppVisits');
  return (
    <ClientAppFrame title={t('title')} permission="schedule">
      {(client) => <Visit client={client} />}
    </ClientAppFrame>
  );
}

function Visit({ client }: { client: ClientAppClient }) {
  const { t } = useTranslation('clientAppVisits');
  const trpc = useTRPC();
  const shiftId = Number(useParams().shiftId);
  const options = trpc.clientAppGetVisit.queryOptions({ clientId: client.clientId, shiftId }, { retry: false });
  const visit = useQuery(options);
  useVisitsLive([options.queryKey]);
  const back = (
    <Anchor component={Link} to={`${CLIENT_APP}/visits`} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} />
        {t('visit.back')}
      </Group>
    </Anchor>
  );
  if (visit.isPending) return <Loader size="sm" aria-label={t('title')} />;
  if (visit.isError) {
    const missing = httpStatusOf(visit.error) === 404 || httpStatusOf(visit.error) === 400;
    return (
      <Stack gap="sm">
        {back}
        <Alert color={missing ? 'gray' : 'red'}>{missing ? t('visit.notFound') : t('visit.loadFailed')}</Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {back}
      <VisitSummary visit={visit.data} timezone={client.timezone} />
      <CareNotes clientId={client.clientId} visit={visit.data} />
      <VisitRating key={visit.data.shiftId} clientId={client.clientId} visit={visit.data} timezone={client.timezone} />
    </Stack>
  );
}

function VisitSummary({ visit, timezone }: { visit: ClientAppVisitDetail; timezone: string }) {
  const { t, i18n } = useTranslation('clientAppVisits');
  const liveLine = useLiveLine();
  const language = i18n.language;
  const time = (iso: string | null) => (iso ? formatInstant(iso, timezone, { style: 'time', language }) : t('visit.notYet'));
  const row = (label: string, value: string, testId?: string) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4">
            {formatInstant(visit.startAt, timezone, { style: 'weekdayDate', language })}
          </Title>
          <Badge color={STATUS_COLORS[visit.status]} variant="light" data-testid="visit-status">
            {t(`status.${visit.status}`)}
          </Badge>
        </Group>
        <Text fw={500} c={visit.status === 'checked_in' ? LIVE_GREEN : undefined} data-testid="visit-live-line">
          {liveLine(visit, timezone)}
        </Text>
        <Group gap="sm" wrap="nowrap">
          <CaregiverAvatar visit={visit} size={48} />
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('visit.caregiver')}
            </Text>
            <Text fw={500}>{visit.caregiver?.firstName ?? t('visit.noCaregiver')}</Text>
          </Stack>
        </Group>
        {(visit.serviceName ?? visit.serviceCode) && row(t('visit.service'), (visit.serviceName ?? visit.serviceCode)!)}
        {row(t('visit.scheduled'), formatInstantRange(visit.startAt, visit.endAt, timezone, { language }))}
        {row(t('visit.checkIn'), time(visit.checkInAt), 'visit-check-in')}
        {row(t('visit.checkOut'), time(visit.checkOutAt), 'visit-check-out')}
      </Stack>
    </Paper>
  );
}

function CareNotes({ clientId, visit }: { clientId: number; visit: ClientAppVisitDetail }) {
  const { t } = useTranslation('clientAppVisits');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [pdfFailed, setPdfFailed] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const notes = visit.careNotes;
  const download = async () => {
    setDownloading(true);
    setPdfFailed(false);
    try {
      const file = await queryClient.fetchQuery(
        trpc.clientAppGetCareSheetPdf.queryOptions({ clientId, shiftId: visit.shiftId }, { staleTime: 0 }),
      );
      downloadCareSheet(file);
    } catch {
      setPdfFailed(true);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="visit-notes">
      <Stack gap="sm">
        <Title order={3} size="h5" id="visit-notes">
          {t('notes.title')}
        </Title>
        {!visit.careNotesAllowed && (
          <Text size="sm" c="dimmed">
            {t('notes.notAllowed')}
          </Text>
        )}
        {visit.careNotesAllowed && !notes && (
          <Text size="sm" c="dimmed">
            {t('notes.none')}
          </Text>
        )}
        {notes && (
          <>
            <Text size="sm" fw={500}>
              {t('notes.tasks')}
            </Text>
            <List spacing={4} size="sm" center>
              {notes.tasks.map((task) => (
                <List.Item
                  key={task.name}
                  icon={
                    <ThemeIcon size={20} radius="xl" color={task.done ? 'teal' : 'gray'} variant={task.done ? 'filled' : 'light'}>
                      {task.done ? <IconCheck size={13} /> : <IconMinus size={13} />}
                    </ThemeIcon>
                  }
                >
                  {task.name}{' '}
                  <Text span size="xs" c="dimmed">
                    ({task.done ? t('notes.done') : t('notes.notDone')})
                  </Text>
                </List.Item>
              ))}
            </List>
            <Text size="sm" fw={500}>
              {t('notes.comment')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="caregiver-comment">
              {notes.caregiverComment?.trim() || t('notes.noComment')}
            </Text>
            <Button
              variant="light"
              leftSection={<IconFileTypePdf size={18} />}
              onClick={() => void download()}
              loading={downloading}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('notes.pdf')}
            </Button>
            {pdfFailed && <Alert color="red">{t('notes.pdfFailed')}</Alert>}
          </>
        )}
      </Stack>
    </Paper>
  );
}
