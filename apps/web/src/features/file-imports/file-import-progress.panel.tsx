import type { ReactNode } from 'react';
import { Alert, Badge, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FileImportOutput, FileImportProgress } from '@hearth/shared/file-imports/file-imports.schema';
import { errorMessageOf } from '@/api/api-error';
import { formatPercent } from '@/format/money';
import { formatCount, IMPORT_STATUS_DISPLAY, isFinalImportStatus, progressPercent, progressText } from './file-imports.format';

/** One count of an import's rows (created, updated, unchanged, warnings, errors). */
function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  const { t } = useTranslation('files');
  return (
    <Paper withBorder radius="sm" px="sm" py={6}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} c={color} aria-label={t('progress.countLabel', { label, value })}>
        {formatCount(value)}
      </Text>
    </Paper>
  );
}

/** The status badge of an import. */
export function ImportStatusBadge({ status }: { status: FileImportProgress['status'] }) {
  const { label, color } = IMPORT_STATUS_DISPLAY[status];
  return (
    <Badge variant="light" color={color}>
      {label}
    </Badge>
  );
}

/** The counts of an import's rows as five small cards (two per line on a phone). */
export function ImportCounts({ progress }: { progress: FileImportProgress }) {
  const { t } = useTranslation('files');
  return (
    <SimpleGrid cols={{ base: 2, xs: 5 }} spacing="xs">
      <Count label={t('rowStatus.created')} value={progress.createdCount} />
      <Count label={t('rowStatus.updated')} value={progress.updatedCount} />
      <Count label={t('rowStatus.unchanged')} value={progress.unchangedCount} />
      <Count
        label={t('rowStatus.warning')}
        value={progress.warningCount}
        color={progress.warningCount > 0 ? 'orange' : undefined}
      />
      <Count label={t('rowStatus.error')} value={progress.errorCount} color={progress.errorCount > 0 ? 'red' : undefined} />
    </SimpleGrid>
  );
}

/** The progress bar with "rows done / total" beside it; striped and moving while the job runs. */
export function ImportProgressBar({ progress }: { progress: FileImportProgress }) {
  const { t } = useTranslation('files');
  const percent = progressPercent(progress);
  const running = !isFinalImportStatus(progress.status);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" aria-live="polite">
          {progressText(progress)}
        </Text>
        <Text size="sm" c="dimmed">
          {formatPercent(percent)}
        </Text>
      </Group>
      <Progress
        value={percent}
        size="lg"
        radius="sm"
        striped={running}
        animated={running}
        color={progress.status === 'failed' ? 'red' : progress.errorCount > 0 ? 'yellow' : 'teal'}
        aria-label={t('progress.bar')}
      />
    </Stack>
  );
}

/** What an import ended with: the file-level error of a failed one, or a summary of a completed one. */
function Outcome({ progress }: { progress: FileImportProgress }) {
  const { t } = useTranslation('files');
  if (progress.status === 'failed') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} title={t('progress.failedTitle')} role="alert">
        {progress.error ?? t('progress.failedDefault')}
      </Alert>
    );
  }
  if (progress.status !== 'completed') return null;
  const done = progress.createdCount + progress.updatedCount + progress.unchangedCount;
  const warned = progress.warningCount > 0 ? t('progress.warned', { n: formatCount(progress.warningCount) }) : '';
  if (progress.errorCount > 0) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} title={t('progress.errorsTitle')}>
        {t('progress.errors', { done: formatCount(done), errors: formatCount(progress.errorCount) })}
        {warned}
      </Alert>
    );
  }
  return progress.warningCount > 0 ? (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={16} />} title={t('progress.warningsTitle')}>
      {t('progress.everyRowWarned', { warned })}
    </Alert>
  ) : (
    <Alert color="teal" variant="light" icon={<IconCircleCheck size={16} />} title={t('progress.completedTitle')}>
      {t('progress.everyRow')}
    </Alert>
  );
}

/**
 * The live state of one import: file and type, status, the progress bar with "rows done / total", the counts and
 * the outcome; `actions` go below (e.g. "Open rows").
 */
export function FileImportProgressPanel(props: {
  details: FileImportOutput | undefined;
  progress: FileImportProgress | undefined;
  error: unknown;
  actions?: ReactNode;
}) {
  const { details, progress, error, actions } = props;
  const { t } = useTranslation('files');
  if (!progress) {
    return error ? (
      <Alert color="red" role="alert">
        {errorMessageOf(error)}
      </Alert>
    ) : (
      <Loader size="sm" aria-label={t('progress.loading')} />
    );
  }
  return (
    <Stack gap="sm" aria-label={t('progress.status')}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          {details && (
            <>
              <Text fw={600} truncate="end">
                {details.fileName}
              </Text>
              <Text size="xs" c="dimmed">
                {details.typeLabel}
                {details.branchName ? ` · ${details.branchName}` : ''}
              </Text>
            </>
          )}
        </div>
        <ImportStatusBadge status={progress.status} />
      </Group>
      <ImportProgressBar progress={progress} />
      <ImportCounts progress={progress} />
      <Outcome progress={progress} />
      {actions}
    </Stack>
  );
}
