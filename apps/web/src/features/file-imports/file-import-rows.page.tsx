import { useEffect } from 'react';
import { Alert, Anchor, Box, Button, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { FileImportRowStatus } from '@hearth/shared/file-imports/file-imports.constants';
import type { FileImportOutput } from '@hearth/shared/file-imports/file-imports.schema';
import { formatFileSize } from '@hearth/shared/files/files.schema';
import { errorMessageOf, httpStatusOf } from '@/api/api-error';
import { useTRPC, useTRPCClient } from '@/api/trpc';
import { DataTable } from '@/components/data-table/data-table';
import { parseTableUrl, serializeTableUrl } from '@/components/data-table/data-table.state';
import { formatInstant } from '@/format/instant-format';
import { useBranchTimeZone } from '@/api/display-zone';
import { ImportCounts, ImportProgressBar, ImportStatusBadge } from './file-import-progress.panel';
import { fileImportIdOf, hasOnlyImport, pickedStatus, withImport, withStatus, type RowPick } from './file-import-rows.state';
import { openDownload } from './file-imports.download';
import { formatCount, isFinalImportStatus, ROW_STATUS_CHOICES } from './file-imports.format';

const COUNT_OF: Record<FileImportRowStatus | 'warning', keyof FileImportOutput> = {
  error: 'errorCount',
  warning: 'warningCount',
  created: 'createdCount',
  updated: 'updatedCount',
  unchanged: 'unchangedCount',
};

function BackLink() {
  const { t } = useTranslation('files');
  return (
    <Anchor component={Link} to="/file-imports" size="sm" w="fit-content">
      <Group gap={4}>
        <IconArrowLeft size={14} /> {t('rows.back')}
      </Group>
    </Anchor>
  );
}

/** The import's file, type, status, who uploaded it, its counts and (while it runs) its progress. */
function ImportHeader({ item }: { item: FileImportOutput }) {
  const { t } = useTranslation('files');
  const client = useTRPCClient();
  const running = !isFinalImportStatus(item.status);
  // The import's branch's clock (the signed-in user's own for a company-wide import), as in the imports list.
  const timeZone = useBranchTimeZone(item.branchId);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Title order={2} style={{ wordBreak: 'break-word' }}>
            {item.fileName}
          </Title>
          <Group gap="xs">
            <ImportStatusBadge status={item.status} />
            <Text size="sm">
              {item.typeLabel}
              {item.branchName && (
                <Text span c="dimmed" inherit>
                  {` · ${item.branchName}`}
                </Text>
              )}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('rows.uploaded', { size: formatFileSize(item.fileSizeBytes), at: formatInstant(item.createdAt, timeZone) })}
            {item.createdByName ? t('rows.by', { name: item.createdByName }) : ''}
            {item.finishedAt ? t('rows.finished', { at: formatInstant(item.finishedAt, timeZone) }) : ''}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          disabled={item.status === 'awaiting_upload'}
          onClick={() =>
            void openDownload(() => client.getFileImportDownloadLink.query({ id: item.id }), t('download.fileFailed'))
          }
        >
          {t('rows.downloadOriginal')}
        </Button>
      </Group>
      {item.status === 'failed' && (
        <Alert color="red" variant="light" title={t('progress.failedTitle')} role="alert">
          {item.error ?? t('progress.failedDefault')}
        </Alert>
      )}
      {running && (
        <Paper withBorder radius="sm" p="sm">
          <ImportProgressBar progress={item} />
        </Paper>
      )}
      <ImportCounts progress={item} />
    </Stack>
  );
}

/** The rows table of one import, with the status picker above it. */
function ImportRows({ item }: { item: FileImportOutput }) {
  const { t } = useTranslation('files');
  const [params, setParams] = useSearchParams();
  const filters = parseTableUrl(params).filters ?? [];
  const fixed = hasOnlyImport(filters, item.id);

  // The table shows this import only: a link without the filter (or a filter removed) gets it back.
  useEffect(() => {
    if (fixed) return;
    setParams(
      (prev) => {
        const url = parseTableUrl(prev);
        return serializeTableUrl({ ...url, filters: withImport(url.filters ?? [], item.id) }, prev);
      },
      { replace: true },
    );
  }, [fixed, item.id, setParams]);

  const status = pickedStatus(filters);
  const pick = (value: string) =>
    setParams((prev) => {
      const url = parseTableUrl(prev);
      const next = withStatus(withImport(url.filters ?? [], item.id), value as RowPick);
      return serializeTableUrl({ ...url, page: undefined, filters: next }, prev);
    });
  const choices = [
    { value: 'all', label: `${t('rowStatus.all')} ${formatCount(item.rowsDone)}` },
    ...ROW_STATUS_CHOICES.map((c) => ({ value: c.value, label: `${c.label} ${formatCount(item[COUNT_OF[c.value]] as number)}` })),
  ];
  return (
    <Stack gap="sm">
      <Box style={{ overflowX: 'auto' }}>
        <SegmentedControl size="xs" aria-label={t('rows.rowStatus')} data={choices} value={status} onChange={pick} />
      </Box>
      {fixed ? <DataTable view="fileImportRows" /> : <Loader size="sm" aria-label={t('rows.loadingRows')} />}
    </Stack>
  );
}

function ImportRowsOf({ id }: { id: number }) {
  const { t } = useTranslation('files');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const item = useQuery({
    ...trpc.getFileImport.queryOptions({ id }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && !isFinalImportStatus(status) ? 1500 : false;
    },
  });
  // While the job writes rows, the table follows its progress.
  const rowsDone = item.data?.rowsDone;
  const itemStatus = item.data?.status;
  useEffect(() => {
    if (rowsDone === undefined) return;
    void queryClient.invalidateQueries({
      queryKey: trpc.queryView.queryKey(),
      predicate: (query) => (query.queryKey[1] as { input?: { view?: string } } | undefined)?.input?.view === 'fileImportRows',
    });
  }, [rowsDone, itemStatus, queryClient, trpc]);

  if (httpStatusOf(item.error) === 404) return <Alert color="red">{t('rows.notFound')}</Alert>;
  if (item.isError) return <Alert color="red">{errorMessageOf(item.error)}</Alert>;
  if (!item.data) return <Loader size="sm" aria-label={t('progress.loading')} />;
  return (
    <>
      <ImportHeader item={item.data} />
      <ImportRows item={item.data} />
    </>
  );
}

/**
 * /file-import-rows?fileImportId={id} (spec "File imports"): one import's file, type, status and counts (refreshed
 * while it runs), its original file, and its rows on the fileImportRows view fixed to it, errors first, with a
 * status picker (All, Errors, Warnings, Created, Updated, Unchanged) that writes the table's status filter.
 */
export function FileImportRowsPage() {
  const { t } = useTranslation('files');
  const [params] = useSearchParams();
  const id = fileImportIdOf(params);
  return (
    <Stack gap="md">
      <BackLink />
      {id === null ? (
        <Alert color="gray">
          {t('rows.openFromListBefore')}{' '}
          <Anchor component={Link} to="/file-imports">
            {t('rows.fileImportsLink')}
          </Anchor>{' '}
          {t('rows.openFromListAfter')}
        </Alert>
      ) : (
        <ImportRowsOf key={id} id={id} />
      )}
    </Stack>
  );
}
