import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { CaseStatus } from '@hearth/shared/cases/cases.constants';
import type { CasesSyncResult, CasesSyncSkipped } from '../cases-offline.sync';
import { CASES_PHONE_KEYS, useCasesPhone, useCasesSnapshot, useMyReports, useOnline } from './cases-phone.context';

const STATUS_COLOR: Record<CaseStatus, string> = {
  draft: 'gray',
  requested: 'blue',
  accepted: 'cyan',
  'in-progress': 'orange',
  completed: 'green',
  cancelled: 'gray',
};

/** Runs the queue's sync now and on each 'online' event while mounted; refreshes "My reports" after a send. */
function useReportsSync(onResult: (result: CasesSyncResult | CasesSyncSkipped) => void) {
  const { box } = useCasesPhone();
  const queryClient = useQueryClient();
  useEffect(() => {
    const run = () =>
      void box
        .sync()
        .then(async (result) => {
          if (!result.skipped && Object.keys(result.sent).length > 0) {
            await queryClient.invalidateQueries({ queryKey: CASES_PHONE_KEYS.mine });
          }
          onResult(result);
        })
        .catch(() => undefined);
    window.addEventListener('online', run);
    run();
    return () => window.removeEventListener('online', run);
  }, [box, queryClient, onResult]);
}

/** The notices of reports discarded, then the reports waiting on the phone (with a refusal's reason). */
function WaitingReports() {
  const { t } = useTranslation('casesPhone');
  const { box } = useCasesPhone();
  const snapshot = useCasesSnapshot();
  return (
    <>
      {snapshot.notices.map((notice) => (
        <Alert
          key={notice.id}
          color="red"
          icon={<IconAlertTriangle size={16} />}
          title={t('list.discarded', { title: notice.title })}
          withCloseButton
          closeButtonLabel={t('list.dismiss')}
          onClose={() => void box.dismissNotice(notice.id)}
        >
          {notice.message}
        </Alert>
      ))}
      {snapshot.queued.map((report) => (
        <Paper key={report.clientRecordId} withBorder radius="md" p="sm" aria-label={report.input.title}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text fw={600}>{report.input.title}</Text>
              <Text size="sm" c="dimmed">
                {report.label.typeName} · {report.label.clientName}
              </Text>
            </Stack>
            <Badge color="yellow" variant="light" style={{ flexShrink: 0 }}>
              {t('list.queued')}
            </Badge>
          </Group>
          {report.refusal && (
            <Text size="sm" c="red" mt={4}>
              {t('list.refused', { message: report.refusal.message })}
            </Text>
          )}
        </Paper>
      ))}
    </>
  );
}

/**
 * /app/cases (issue 24 item 3): "My reports": the reports waiting on the phone (with the server's reason when one was
 * refused), the notices of reports discarded, then the cases the caregiver reported with the office's status
 * (cases.mine, the phone's copy offline). The queue syncs when the page shows, on 'online' and with "Sync now".
 */
export function CasesPhoneListPage() {
  const { t, i18n } = useTranslation('casesPhone');
  const { box } = useCasesPhone();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const snapshot = useCasesSnapshot();
  const online = useOnline();
  const mine = useMyReports();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [said, setSaid] = useState<string | null>(params.get('queued') ? t('list.queuedNow') : null);
  const [onResult] = useState(() => (result: CasesSyncResult | CasesSyncSkipped) => {
    if (result.skipped) return;
    const sent = Object.keys(result.sent).length;
    if (sent > 0) setSaid(t('sync.sent', { count: sent }));
    else if (result.offline) setSaid(t('sync.offline'));
  });
  useReportsSync(onResult);
  const syncNow = async () => {
    const result = await box.sync().catch(() => null);
    if (!result) return;
    if (result.skipped) return setSaid(t('sync.running'));
    await queryClient.invalidateQueries({ queryKey: CASES_PHONE_KEYS.mine });
    const sent = Object.keys(result.sent).length;
    setSaid(result.offline ? t('sync.offline') : sent > 0 ? t('sync.sent', { count: sent }) : t('sync.nothing'));
  };

  return (
    <Stack gap="sm" pb="xl">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h3">
          {t('list.title')}
        </Title>
        <Button size="sm" color="red" component={Link} to="/app/cases/new" leftSection={<IconPlus size={16} />}>
          {t('list.report')}
        </Button>
      </Group>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="xs" c="dimmed" role="status" aria-live="polite">
          {snapshot.syncing ? t('sync.running') : said}
        </Text>
        <Button size="compact-sm" variant="subtle" leftSection={<IconRefresh size={14} />} onClick={() => void syncNow()}>
          {t('sync.now')}
        </Button>
      </Group>
      {!online && (
        <Alert color="yellow" icon={<IconCloudOff size={16} />}>
          {t('list.offline')}
        </Alert>
      )}
      <WaitingReports />
      {mine.isPending && <Loader size="sm" />}
      {mine.data?.cached && (
        <Text size="xs" c="dimmed">
          {t('list.cached')}
        </Text>
      )}
      {mine.data?.value.map((c) => (
        <Paper key={c.id} withBorder radius="md" p="sm" aria-label={c.title}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text fw={600}>{c.title}</Text>
              <Text size="sm" c="dimmed">
                {t('list.number', { number: String(c.number).padStart(6, '0') })} · {c.typeName} · {c.clientName}
              </Text>
              <Text size="xs" c="dimmed">
                {t('list.reportedAt', { at: when.format(new Date(c.reportedAt)) })}
              </Text>
            </Stack>
            <Badge color={STATUS_COLOR[c.status]} variant="light" style={{ flexShrink: 0 }}>
              {t(`status.${c.status}`)}
            </Badge>
          </Group>
        </Paper>
      ))}
      {mine.data && mine.data.value.length === 0 && snapshot.queued.length === 0 && <Text c="dimmed">{t('list.empty')}</Text>}
    </Stack>
  );
}
