import { useEffect } from 'react';
import { Alert, Badge, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IconDownload } from '@tabler/icons-react';
import type { FileExportStatus } from '@hearth/shared/file-exports/file-exports.constants';
import type { FileExportOutput } from '@hearth/shared/file-exports/file-exports.schema';
import { i18n } from '@/i18n/i18n.setup';
import { formatFileSize } from '@hearth/shared/files/files.schema';
import { errorMessageOf, httpStatusOf } from '@/api/api-error';
import { useTRPC, useTRPCClient } from '@/api/trpc';
import { formatInstant } from '@/format/instant-format';
import { useBranchTimeZone } from '@/api/display-zone';
import { formatDate } from '@/format/date-format';
import { openDownload } from './file-exports.download';
import { EXPORT_STATUS_DISPLAY, isActiveExportStatus } from './file-exports.format';
import { formatCount } from '@/format/money';

/** How often a queued or running export is read again, in milliseconds. */
const POLL_MS = 1000;

/** The status badge of an export. */
export function ExportStatusBadge({ status }: { status: FileExportStatus }) {
  const { label, color } = EXPORT_STATUS_DISPLAY[status];
  return (
    <Badge variant="light" color={color}>
      {label}
    </Badge>
  );
}

/** "03/01/25 – 03/15/25 · Boston · MassHealth": what the export covers, from its parameters. */
function coverage(item: FileExportOutput): string {
  const parts: string[] = [];
  const { from, to, format } = item.params;
  if (typeof from === 'string' && typeof to === 'string') parts.push(`${formatDate(from)} – ${formatDate(to)}`);
  parts.push(item.branchName ?? i18n.t('exports.allBranches', { ns: 'files' }));
  if (typeof format === 'string') parts.push(format.toUpperCase());
  return parts.join(' · ');
}

/** The Download button of a completed export (a signed link opened in a new tab). */
export function ExportDownloadButton({ id, compact = false }: { id: number; compact?: boolean }) {
  const { t } = useTranslation('files');
  const client = useTRPCClient();
  return (
    <Button
      size={compact ? 'compact-sm' : 'xs'}
      variant={compact ? 'light' : 'filled'}
      leftSection={<IconDownload size={14} />}
      aria-label={compact ? t('exportCard.downloadN', { id }) : undefined}
      onClick={() => void openDownload(() => client.getFileExportDownloadLink.query({ id }), t('download.exportFailed'))}
    >
      {t('exportCard.download')}
    </Button>
  );
}

/**
 * One export as it is made: type, what it covers, status (read again every second while queued or running), then
 * the file (name, rows, size, until when it is kept) with its Download button, or why it failed. When it stops
 * running, the lists are refreshed.
 */
export function FileExportStatusCard({ id }: { id: number }) {
  const { t } = useTranslation('files');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.getFileExport.queryOptions({ id }),
    refetchInterval: (q) => (q.state.data && isActiveExportStatus(q.state.data.status) ? POLL_MS : false),
  });
  const item = query.data;
  const status = item?.status;
  // The export's branch zone; a company-wide export's times are in the signed-in user's own zone.
  const timeZone = useBranchTimeZone(item?.branchId);
  useEffect(() => {
    if (status && !isActiveExportStatus(status)) void queryClient.invalidateQueries({ queryKey: trpc.queryView.queryKey() });
  }, [status, queryClient, trpc]);

  if (httpStatusOf(query.error) === 404) return <Alert color="red">{t('exportCard.notFound')}</Alert>;
  if (query.isError) return <Alert color="red">{errorMessageOf(query.error)}</Alert>;
  if (!item) return <Loader size="sm" aria-label={t('exportCard.loading')} />;
  const active = isActiveExportStatus(item.status);
  return (
    <Stack gap="sm" aria-label={t('exportCard.status')}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{item.typeLabel}</Text>
          <Text size="xs" c="dimmed">
            {coverage(item)}
          </Text>
        </div>
        <ExportStatusBadge status={item.status} />
      </Group>
      {active && (
        <Stack gap={4}>
          <Text size="sm" aria-live="polite">
            {item.status === 'queued' ? t('exportCard.waiting') : t('exportCard.writing')}
          </Text>
          <Progress value={100} striped animated size="sm" aria-label={t('exportCard.inProgress')} />
        </Stack>
      )}
      {item.status === 'failed' && (
        <Alert color="red" variant="light" title={t('exportCard.failedTitle')} role="alert">
          {item.error ?? t('exportCard.failedDefault')}
        </Alert>
      )}
      {item.status === 'expired' && (
        <Alert color="gray" variant="light">
          {t('exportCard.expired')}
        </Alert>
      )}
      {item.status === 'completed' && (
        <Group justify="space-between" gap="xs" align="flex-end">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {item.fileName}
            </Text>
            <Text size="xs" c="dimmed" aria-live="polite">
              {[
                item.rowCount !== null
                  ? t('exports.rows', { count: item.rowCount, formatted: formatCount(item.rowCount) })
                  : null,
                item.fileSizeBytes !== null ? formatFileSize(item.fileSizeBytes) : null,
                item.expiresAt ? t('exportCard.keptUntil', { at: formatInstant(item.expiresAt, timeZone) }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </div>
          <ExportDownloadButton id={item.id} />
        </Group>
      )}
    </Stack>
  );
}
